// Le jeu du Gnou in the page (draw.js): the 43-position track of G1 as a serpentine of 9
// cells a row (left to right, then right to left), the team's one pawn and the dangers
// removed over it; the quiz in large type (G4) and, on a screen with no seat, the danger
// card being resolved (G5); the phone's decision and the game's text under the board (turn,
// protections, and on a seat's screen the danger card). Every cell's colour comes with its
// symbol, and a legend repeats them.
(function (L) {
  "use strict";
  const COLS = 9;
  const SIZE = 60;
  // The paper board's colours (G1): dangers light red; liberties, GULL and the community
  // blue; awareness cells and the goal green; a danger removed becomes a free alternative,
  // light green (REMOVED).
  const BLUE = "#bfdbfe";
  const GREEN = "#86efac";
  const REMOVED = "#dcfce7";
  const STYLES = {
    start: ["#e5e7eb", "▶"], community: [BLUE, "★"], danger: ["#fecaca", "⚠"],
    awareness: [GREEN, "i"], liberty: [BLUE, "L"], gull: [BLUE, "◆"], end: [GREEN, "⚑"],
  };

  // The board's size in SVG units (rows of COLS cells) and where a cell lies on it: even
  // rows run left to right, odd rows back (the serpentine).
  const viewBox = (cells) =>
    `0 0 ${COLS * SIZE + 10} ${Math.floor((cells.length + COLS - 1) / COLS) * SIZE + 10}`;
  function place(index) {
    const row = Math.floor(index / COLS);
    const col = row % 2 === 0 ? index % COLS : COLS - 1 - index % COLS;
    return [5 + col * SIZE, 5 + row * SIZE];
  }
  // A cell's square, its number in the corner and its symbol in the middle.
  function square(c, cell, x, y, colour, symbol) {
    return `<rect x="${x + 2}" y="${y + 2}" width="${SIZE - 4}" height="${SIZE - 4}" rx="6" fill="${colour}" stroke="#374151" stroke-width="1"/>` +
      `<text x="${x + 6}" y="${y + 16}" font-size="12" fill="#111827">${c.show(cell.index)}</text>` +
      `<text x="${x + SIZE / 2}" y="${y + 40}" font-size="20" text-anchor="middle" fill="#111827">${c.show(symbol)}</text>`;
  }
  // A sentence of the kit with its ``%(name)s`` filled in (plain text, printed later).
  const fill = (text, values) => String(text || "").replace(/%\(([a-z_]+)\)s/g, (_m, k) => String(values[k]));

  // The fixed layer: every cell of the track with its colour and symbol (G1).
  function ground(c) {
    const cells = c.kit.layout || [];
    let out = `<svg viewBox="${viewBox(cells)}" aria-hidden="true" focusable="false" class="gnou-board board-ground">`;
    for (const cell of cells) {
      const [x, y] = place(cell.index);
      const [colour, symbol] = STYLES[cell.kind] || ["#fff", "?"];
      out += `<g class="cell cell-${c.attr(cell.kind)}">${square(c, cell, x, y, colour, symbol)}</g>`;
    }
    return out + "</svg>";
  }

  // The legend of both layers: every symbol in words.
  function legend(c) {
    const _ = c._;
    return [
      ["▶", _("départ")], ["★", _("communauté")], ["⚠", _("danger")], ["✓", _("danger supprimé")],
      ["i", _("sensibilisation")], ["L", _("liberté")], ["◆", _("GULL (club du logiciel libre)")],
      ["⚑", _("société libre")], ["G", _("le pion de l'équipe")],
    ].map(([symbol, words]) => `${symbol} ${c.show(words)}`).join(" · ");
  }

  // What moves, over the fixed layer (same viewBox): the team's pawn (G) and the dangers
  // removed (✓, grey), then the legend.
  function map(c) {
    const { h, _, view } = c;
    const cells = c.kit.layout || [];
    const removed = view.removed || [];
    let out = `<svg viewBox="${viewBox(cells)}" role="img" aria-labelledby="gnou-board-title" class="gnou-board">`;
    out += h`<title id="gnou-board-title">${_("Parcours du Gnou : le pion est sur la case %(n)s", { n: view.pawn })}</title>`.text;
    for (const cell of cells) {
      const gone = removed.indexOf(cell.index) >= 0;
      const danger = cell.kind === "danger" && gone;
      const pawn = cell.index === view.pawn;
      if (!danger && !pawn) continue;
      const [x, y] = place(cell.index);
      // the pawn's cell: where an enlarged board opens (app.js: zoomBoard)
      out += `<g class="cell cell-${c.attr(cell.kind)}${gone ? " cell-removed" : ""}${pawn ? " zoom-to" : ""}">`;
      if (danger) out += square(c, cell, x, y, REMOVED, "✓");
      if (pawn) {
        out += `<rect x="${x + 2}" y="${y + 2}" width="${SIZE - 4}" height="${SIZE - 4}" rx="6" fill="none" stroke="#374151" stroke-width="4"/>` +
          `<circle cx="${x + SIZE - 14}" cy="${y + 14}" r="10" fill="#111827"/>` +
          `<text x="${x + SIZE - 14}" y="${y + 19}" font-size="13" text-anchor="middle" fill="#ffffff">G</text>`;
      }
      out += "</g>";
    }
    return out + `</svg><p class="legend">${legend(c)}</p>`;
  }

  // A screen with no seat of its own (the projector, a spectator's): read by the whole room.
  const seatless = (view) => view.seat === null || view.seat === undefined;

  // The danger card being resolved (G5: an offer to pass a protection on, the quiz that
  // follows), on a screen with no seat: in large type with the quiz, read whole from the
  // back of the room (under the protections it ran past the screen's bottom with six
  // players). Its title with the danger's symbol, its text, then how to protect oneself.
  // A seat's screen keeps it in the text under its board (lines), its decision on top.
  // Beside the quiz that follows an offer, the card's text (read while the offer was
  // pending) may give way on a small projector (app.js, fitSpotlight): the title and how
  // to protect oneself stay, what the giver explains (as the transmission's line says it).
  function dangerCard(c) {
    const { h, view, kit } = c;
    const card = view.danger === null || view.danger === undefined ? null : (kit.dangers || {})[view.danger];
    if (!card || !seatless(view)) return "";
    const text = c.plain(c.named(card.text));
    return h`<div class="spotlight danger-card"><p class="danger-title"><span class="danger-symbol" aria-hidden="true">⚠</span> ${c.plain(c.named(card.title))}</p>` +
      (view.quiz ? h`<p class="danger-text" data-gives-way="2">${text}</p>` : h`<p class="danger-text">${text}</p>`) +
      h`<p class="danger-protect"><strong>${kit.how_to_protect}</strong> ${c.plain(c.named(card.alternative))}</p></div>`;
  }

  // The quiz in large type (G4): its series and level, who answers, the question before its
  // answers. The answerer's phone shows the answers as buttons right under it (actions);
  // the other screens list them. A solo question stays hidden from the others (G4). Then
  // the danger card being resolved, on a screen with no seat (dangerCard). On a small
  // projector a secret question's sentence gives way first (app.js, fitSpotlight): its
  // heading already says whose question it is and that the team does not help.
  function spotlight(c) {
    return (quizBox(c) + dangerCard(c)) || (answeredBox(c) + nowBox(c));
  }

  // The quiz the last move answered, on a screen with no seat (the view's ``answered``,
  // until the next move): in its place, the question and its choices no longer need their
  // room, so the right choice (marked ✓) and the whole explanation are read there in large
  // type, the point of the quiz (its narration, which ran up to ~450 characters beside
  // the column's other lines, now says only whether the answer was right). Its heading
  // says which quiz it was; its question gives way first on a small projector (app.js,
  // fitSpotlight).
  function answeredBox(c) {
    const { h, _, view, kit } = c;
    const done = view.answered;
    if (!done || !seatless(view)) return "";
    const title = fill(kit.quiz_title, { series: (kit.series || {})[done.series] || done.series, level: done.level });
    const who = L.draw.nicks(h`${title} · ${_("question pour %(name)s", { name: c.seatText(done.answerer) })}`.text, c.names);
    const right = (done.choices || [])[done.answer];
    return '<div class="spotlight answered">' + `<p class="answered-title">${who}</p>` +
      h`<p class="answered-question" data-gives-way="1">${done.question}</p>`.text +
      h`<p class="answered-choice"><span class="answered-lead">${kit.right_answer}</span> <span class="answered-mark" aria-hidden="true">✓</span> <span class="letter">${"ABCDEFGH"[done.answer]}</span> ${right}</p>`.text +
      h`<p class="answered-explanation">${done.explanation}</p>`.text + "</div>";
  }

  // On a screen with no seat, when no quiz nor danger card fills the spotlight: what the
  // player whose turn it is does now (rolling, choosing a protection), in large type under
  // the header that names them (text.py: NOW). A seat's screen says it in its decision.
  function nowBox(c) {
    const { view, kit } = c;
    const now = kit.now || {};
    if (!seatless(view) || view.current === null || view.current === undefined) return "";
    const said = view.step === "roll" ? now[view.dice === 1 ? "roll_one" : "roll"]
      : view.step === "choose" ? now.choose : "";
    if (!said) return "";
    const line = L.draw.nicks(c.show(fill(said, { name: c.seatText(view.current) })), c.names);
    return `<div class="spotlight now gnou-now"><p class="spot">${line}</p></div>`;
  }

  function quizBox(c) {
    const { h, _, view, kit } = c;
    const quiz = view.quiz;
    if (!quiz) return "";
    const who = c.seatText(quiz.answerer);
    const title = fill(kit.quiz_title, { series: (kit.series || {})[quiz.series] || quiz.series, level: quiz.level });
    let out = '<div class="spotlight quiz">';
    // nicknames kept whole (« Anne- / Sophie » on a phone: app.css .nick)
    const whole = (html) => L.draw.nicks(html, c.names);
    out += `<p class="quiz-title">${whole(h`${title} · ${_("question pour %(name)s", { name: who })}${quiz.solo ? h` · ${_("sans l'aide de l'équipe")}` : ""}`.text)}</p>`;
    if (quiz.question) {
      out += h`<p class="quiz-question">${quiz.question}</p>`.text;
      if (c.seat !== quiz.answerer) {
        out += '<ol class="quiz-choices">' + (quiz.choices || []).map((choice, i) =>
          h`<li><span class="letter" aria-hidden="true">${"ABCDEFGH"[i]}</span> ${choice}</li>`.text).join("") + "</ol>";
      }
      if (quiz.hint) out += h`<p class="quiz-hint">${_("Indice :")} ${quiz.hint}</p>`.text;
    } else {
      out += `<p class="quiz-question" data-gives-way="1">${whole(h`${_("%(name)s répond sans l'aide de l'équipe : la question reste secrète jusqu'à sa réponse.", { name: who })}`.text)}</p>`;
    }
    return out + "</div>";
  }

  // What a choice on the phone is about: which protection to seek and what follows; whose
  // danger a protection passed on would remove, and how (the learner by nickname).
  function about(c) {
    const { view, kit } = c;
    const prompts = kit.prompts || {};
    if (view.step === "choose") return prompts.choose || "";
    const offer = view.offer;
    if (view.step === "offer" && offer) {
      return fill(prompts.offer, {
        learner: c.seatText(offer.learner), cell: offer.cell,
        name: (kit.series || {})[offer.protection] || offer.protection,
      });
    }
    return "";
  }

  // The phone's decision: the question is just above (spotlight); the answers are large
  // buttons with their text, the hint button apart so that it is not tapped for an answer;
  // rolling, seeking and passing on a protection are one large button each.
  function actions(c) {
    const { h, _, seat } = c;
    const answers = c.choices.filter((ch) => ch[0].kind === "answer");
    const hints = c.choices.filter((ch) => ch[0].kind === "hint");
    const others = c.choices.filter((ch) => ch[0].kind !== "answer" && ch[0].kind !== "hint");
    let out = h`<p class="your-turn">${answers.length ? _("À toi de répondre !") : _("À toi de jouer !")}</p>`.text;
    const said = about(c);
    if (said) out += `<p class="prompt">${L.draw.nicks(c.show(said), c.names)}</p>`;
    if (answers.length) {
      out += h`<div class="answers" role="group" aria-label="${_("Réponses")}">`.text;
      for (const [, label, data] of answers) {
        out += `<button type="button" class="act answer" data-seat="${c.attr(seat)}" data-action="${c.attr(data)}">${c.show(label)}</button>`;
      }
      out += "</div>";
    }
    // Rolling is the one expected move: larger; a choice between protections is not nudged.
    out += c.plainButtons(others, seat, !answers.length && others.length === 1);
    for (const [, label, data] of hints) {
      out += `<p class="aside"><button type="button" class="act secondary" data-seat="${c.attr(seat)}" data-action="${c.attr(data)}">${c.show(label)}</button></p>`;
    }
    return out;
  }

  // -- the text under the board (render.lines of GnouText.view without its board) -------
  // Lines as Python's str.splitlines cuts the view's text (a content text may hold line
  // breaks of its own): ``end``, the text's end, where a last break starts no line.
  const BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;
  function splitLines(text, end) {
    const out = text.split(BREAK);
    if (end && out.length > 1 && out[out.length - 1] === "") out.pop();
    return out;
  }

  // The game's text under the board, one string a line: the turn and the pawn's cell, every
  // seat's protections (« (toi) » on its own screen), then on a seat's screen the danger
  // card being resolved, read to everyone (G5: title, recto, verso). The track is the SVG
  // board; the quiz is in the spotlight (G4), and so is the danger card on a screen with no
  // seat (dangerCard): none is said again here.
  function lines(c) {
    const { view, kit } = c;
    const en = c.lang === "en";
    const series = kit.series || {};
    // before the start (the lobby: turn 0, game.py: lobby_view) the game's length only
    const turn = view.turn === 0
      ? (en ? `A game of ${view.turn_limit} turns` : `Partie en ${view.turn_limit} tours`)
      : `${en ? "Turn" : "Tour"} ${view.turn}/${view.turn_limit}`;
    const out = [
      `${turn} · ${en ? "cell" : "case"} ${view.pawn} (${(kit.cells || [])[view.pawn]})`,
      en ? "Protections:" : "Protections :",
    ];
    // « pour l'instant » while the game goes on, not once it is over (text.py: _protections).
    const none = view.result ? (en ? "none" : "aucune") : (en ? "none yet" : "aucune pour l'instant");
    (view.protections || []).forEach((held, p) => {
      const names = held.map((x) => series[x]).join(", ") || none;
      const you = view.seat === p ? (en ? " (you)" : " (toi)") : "";
      out.push(`  ${c.seatText(p)}${you}${en ? ":" : " :"} ${names}`);
    });
    const shown = out.map((line) => c.spaced(c.plain(line)));
    // The danger card, on a seat's screen (a screen with no seat shows it in its
    // spotlight), after an empty line: its title on a line of its own, its text, then
    // how to protect oneself, the last lines of the text. Cut into lines as the server cuts
    // the whole text (the title's red markup, closed after it, keeps a break ending the
    // title from joining the next one), then each line named, unmarked and spaced.
    const card = view.danger === null || view.danger === undefined || seatless(view) ? null : (kit.dangers || {})[view.danger];
    if (card) {
      const rest = [card.text, `${kit.how_to_protect} ${card.alternative}`].join("\n");
      for (const line of ["", ...splitLines(card.title, false), ...splitLines(rest, true)]) {
        shown.push(c.spaced(c.plain(c.named(line))));
      }
    }
    return shown;
  }

  L.game("gnou", { ground, map, spotlight, actions, lines });
})(typeof window !== "undefined" ? window.Ludinum : globalThis.Ludinum);
