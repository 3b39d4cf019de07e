// Hacker in the page (draw.js): the table of bank accounts, and the phone's decision. On
// top, one column per player: who walks to the bank (H3), who protects (H5), how many
// viruses were dropped during each trip of the round (public, H4), the scores at the end
// (H9). Below, the accounts grouped by owner, each with its place number and its stack of
// face-down viruses, each marked with the player during whose trip it was dropped (H2, H4).
// Under brouillage (H7) the accounts show no owner and are drawn in place order. Bills stay
// hidden until the end. Every colour comes with a shape and the seat's number.
(function (L) {
  "use strict";
  // Sizes in the drawing's units, about a pixel each on a 1920×1080 projector (app.css:
  // the Hacker board's room): every text is at least 25 units, read from the back of the
  // room at 24 px and more there, 16 px and more at 1280×720. The accounts go two owners a
  // row (three accounts each), so 7 players make 4 rows and the board is wider than high,
  // like the projector's room for it.
  const CARD_W = 200;
  const CARD_H = 120;
  const GAP = 12;
  const BLOCK = 3 * CARD_W + 2 * GAP;  // one owner's three accounts
  const APART = 28;  // between the two owners of a row
  const EDGE = 6;
  const TOP = 50;
  const HEAD_LINE = 36;  // a narrow board's second header line
  const STRIP = 148;
  const NAME_LINE = 30;  // a nickname's second line in a narrow column
  const OWNER = 36;  // the owner's line above its accounts
  const ROW = OWNER + CARD_H + 10;
  const TEXT = 25;  // the smallest text
  const VIRUS_W = 44;
  // An account's virus count, « ☣ × 3 », written as one unit: never broken after « ☣ » or
  // « × » (narrow no-break spaces around the sign, as French typography wants).
  const COUNT = "☣\u202f×\u202f";
  // About how wide a sum of bills is in bold at ``size`` (a digit 0.7 em, a space 0.35 em,
  // « + » and « = » 0.84 em: the widest common faces).
  const width = (text, size) => [...text].reduce(
    (w, ch) => w + size * (ch === " " ? 0.35 : ch >= "0" && ch <= "9" ? 0.7 : 0.84), 0);

  // The accounts as the screens group them: by owner, in seat order; under brouillage (H7)
  // no owner is shown and they come in place order, three a group (``together``: all in
  // one group, as on the phone).
  function rows(view, together = false) {
    const accounts = view.accounts || [];
    if (view.blurred) {
      if (together) return [[null, accounts.slice()]];
      const out = [];
      for (let i = 0; i < accounts.length; i += 3) out.push([null, accounts.slice(i, i + 3)]);
      return out;
    }
    return Array.from({ length: view.players || 0 },
      (_x, seat) => [seat, accounts.filter((a) => a.owner === seat)]);
  }
  const none = (v) => v === null || v === undefined;

  // The phase in words (the kit's, screen.py: phase_words), as the board's header says it.
  function phaseName(c, phase) {
    const phases = c.kit.phases || {};
    return Object.prototype.hasOwnProperty.call(phases, phase) ? phases[phase] : phase;
  }

  // Where things go. The projector's board (and any screen 50 rem wide or more) has the
  // accounts two owners a row and one column per player above them. A narrow screen
  // (``c.narrow``: a phone, app.js) draws one owner a row, the players' columns in rows of
  // three or four and the header on two lines: drawn two owners a row, 1288 units on a
  // 374-pixel phone, a name was 7.8 px; one a row, 636 units, it is 15.9 px.
  //
  // On the projector the stage's box (draw.js: fit) picks the layout that draws the board
  // largest: two owners a row; the phone's; or « side » (3 and 4 players): the players'
  // columns one under the other on the left (SIDE wide), the accounts one owner a row on
  // their right. Two owners a row, 3 or 4 players' board is 2.4 times wider than high
  // and filled the width of its column only: the lower half of a 1920×1080 projector
  // stayed empty, the labels at 25 px. The side columns were 320 units wide (as wide as 4
  // players' columns are): 3 players' board, 984 units wide, still filled the width of a
  // 1280×720 projector's column only, its labels at 21.7 px; 256 units (a long nickname
  // squeezed into it), 904 wide, they are 23.6 px (35.9 at 1920×1080, where the phone's
  // layout drew them at 30.4).
  const SIDE = 256;
  const SIDE_GAP = 12;  // between the players' columns and the accounts
  function layout(c, n, groups) {
    const wide = stacked(c, n, groups, c.narrow);
    if (c.narrow || !c.box) return wide;
    const names = nicknames(c, n, SIDE - 16, bigText(false, n));
    const strip = stripFor(names);
    const side = {
      narrow: false, perRow: 1, width: SIDE + SIDE_GAP + 2 * EDGE + BLOCK, cols: 1, top: TOP,
      accountsTop: TOP, left: SIDE + SIDE_GAP, col: SIDE, strip, names,
      height: TOP + Math.max(n * strip, groups * ROW) + 4,
    };
    return c.fit(c.box, [wide, stacked(c, n, groups, true), side]);
  }
  // The players' columns side by side above the accounts: two owners a row, or
  // (``narrow``) the phone's one owner a row, the players' columns in rows of three or
  // four and the header on two lines.
  function stacked(c, n, groups, narrow) {
    const perRow = narrow ? 1 : 2;
    const width = 2 * EDGE + perRow * BLOCK + (perRow - 1) * APART;
    const cols = !narrow || n <= 4 ? Math.max(n, 1) : Math.ceil(n / 2);
    const top = TOP + (narrow ? HEAD_LINE : 0);
    const names = nicknames(c, n, width / cols - 16, bigText(narrow, n));
    const strip = stripFor(names);
    const accountsTop = top + Math.ceil(n / cols) * strip;
    return {
      narrow, perRow, width, cols, top, accountsTop, left: 0, col: width / cols, strip, names,
      height: accountsTop + Math.ceil(groups / perRow) * ROW + 4,
    };
  }

  // A player's nickname in its column, as large as the column allows (bold: a tenth wider).
  const bigText = (narrow, n) => (!narrow && n <= 5 ? 30 : 27);
  // The players' nicknames in columns ``room`` wide, each on one line or two (nameLines);
  // the players' strips a line taller when one needs two.
  const nicknames = (c, n, room, size) => Array.from({ length: n },
    (_x, seat) => nameLines(c, seat, room, size));
  const stripFor = (names) => (names.some((lines) => lines.length > 1) ? STRIP + NAME_LINE : STRIP);
  // A nickname in a column ``room`` wide, in bold at ``size``: on one line when it
  // fits there squeezed to ONE_LINE of its width or more; else on two, broken at the space
  // or after the hyphen that leaves the longer line shortest; a word alone on one line
  // squeezed down to TWO_LINES, and a longer one broken inside with a hyphen, in two
  // halves. A line is cut short (« … ») only when it would be squeezed below TWO_LINES.
  // Cut to one line of eight signs, « Anne-Sophie » read « Anne-So… » in a row of four
  // columns on a phone; of ten on the projector with 6 or 7 players (« Anne-Soph… »).
  const ONE_LINE = 0.75;
  const TWO_LINES = 0.6;
  function nameLines(c, seat, room, size) {
    const wide = (text) => c.textWidth(text, size * 1.1);
    const whole = c.seatText(seat);
    if (wide(whole) * ONE_LINE <= room) return [whole];
    const signs = [...whole];
    const natural = (k) => signs[k] === " " || signs[k - 1] === "-";
    const word = !signs.some((_x, k) => k > 0 && natural(k));
    if (word && wide(whole) * TWO_LINES <= room) return [whole];
    let best = null;
    for (let k = 1; k < signs.length; k += 1) {
      if (word ? signs[k - 1] === " " : !natural(k)) continue;
      const first = signs.slice(0, k).join("").trim() + (word ? "-" : "");
      const second = signs.slice(signs[k] === " " ? k + 1 : k).join("").trim();
      const cost = Math.max(wide(first), wide(second));
      if (first && second && (!best || cost < best[0])) best = [cost, first, second];
    }
    if (!best) return [whole];
    return best.slice(1).map((line) => c.cutToRoom(line, size * 1.1, room, TWO_LINES));
  }

  // One column per player: where it is (at the bank, protecting, stealing) or what its trip
  // left behind, and its score at the end.
  function player(c, seat, n, at) {
    const { h, _, view } = c;
    const col = at.col;
    const x = (seat % at.cols) * col;
    const y = at.top + Math.floor(seat / at.cols) * at.strip;
    const trip = (view.trips || []).filter((t) => t.traveller === seat);
    const lit = seat === view.traveller || seat === view.protector;
    // What it is doing, in a few words that fit its column (6 or 7 columns are narrow):
    // the viruses of its trip said « ✈ 3 virus », the legend says what they are.
    let doing = "";
    if (seat === view.traveller) doing = `✈ ${_("à la banque")}`;
    else if (seat === view.protector) doing = `☂ ${_("se protège")}`;
    else if (seat === view.thief) doing = `☠ ${_("vole un billet")}`;
    else if (trip.length) doing = `✈ ${_("%(n)s virus", { n: trip[0].drops })}`;
    const big = bigText(at.narrow, n);
    const lines = at.names[seat];
    // Below the name: a line lower when the strips hold two lines of names.
    const below = y + at.strip - STRIP;
    let out = `<g class="player seat-${seat}">` +
      `<rect x="${c.num(x + 4)}" y="${y}" width="${c.num(col - 8)}" height="${at.strip - 6}" rx="10" fill="${lit ? "#fef9c3" : "#f9fafb"}" stroke="#374151" stroke-width="${lit ? 4 : 1}"/>` +
      c.token(seat, x + col / 2, y + 32, 22);
    lines.forEach((line, i) => {
      out += `<text x="${c.num(x + col / 2)}" y="${y + 84 + i * NAME_LINE}" font-size="${big}" font-weight="700" text-anchor="middle" fill="#111827"${c.squeezed(line, big * 1.1, col - 16)}>` +
        h`${line}`.text + "</text>";
    });
    out += `<text x="${c.num(x + col / 2)}" y="${below + 112}" font-size="${TEXT}" text-anchor="middle" fill="#111827"${c.squeezed(doing, TEXT, col - 16)}>` +
      h`${doing}`.text + "</text>";
    const scores = view.scores || [];
    if (scores.length) {
      const crown = (view.winners || []).indexOf(seat) >= 0 ? "♛ " : "";
      const score = crown + _("score : %(n)s", { n: scores[seat] });
      out += `<text x="${c.num(x + col / 2)}" y="${below + 137}" font-size="${TEXT}" font-weight="700" text-anchor="middle" fill="#111827"${c.squeezed(score, TEXT * 1.1, col - 16)}>` +
        h`${score}`.text + "</text>";
    }
    return out + "</g>";
  }

  // One account: its owner's colour band with shape, number and the account's place
  // number, its face-down viruses each marked with the trip it came from, their count, and
  // its bills once shown (at the end, when every stack has been resolved: in their room).
  // The account being resolved has a thick dashed edge.
  function account(c, a, x, y) {
    const { h, _, palette } = c;
    const resolving = a.id === c.view.current;
    const owned = !none(a.owner);
    const mark = `${owned ? `${palette.glyph[a.owner % 7]} ${a.owner + 1}` : "?"} · ${_("n° %(k)s", { k: a.id + 1 })}`;
    let out = `<g class="account">` +
      `<rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="10" fill="#ffffff" stroke="#111827" stroke-width="${resolving ? 6 : 1.5}"${resolving ? ' stroke-dasharray="12 5"' : ""}/>` +
      `<rect x="${x}" y="${y}" width="${CARD_W}" height="34" rx="10" fill="${owned ? palette.fill[a.owner % 7] : "#e5e7eb"}" stroke="#111827" stroke-width="1.5"/>` +
      `<text x="${x + 8}" y="${y + 26}" font-size="${TEXT}" font-weight="700" fill="${owned ? palette.ink[a.owner % 7] : "#111827"}"${c.squeezed(mark, TEXT * 1.1, CARD_W - 16)}>` +
      h`${mark}`.text + "</text>";
    const stack = a.stack || [];
    const step = Math.min(VIRUS_W + 4, (CARD_W - 16 - VIRUS_W) / Math.max(1, stack.length - 1));
    stack.forEach((v, i) => {
      const vx = x + 8 + i * step;
      const trip = none(v.trip) ? "" : `✈${v.trip + 1}`;
      // A crowded stack overlaps its cards: each mark keeps to the part left uncovered.
      const seen = i === stack.length - 1 ? VIRUS_W : Math.min(VIRUS_W, step);
      out += `<g class="virus"><rect x="${c.num(vx)}" y="${y + 39}" width="${VIRUS_W}" height="50" rx="4" fill="url(#hacker-back)" stroke="#111827" stroke-width="1.5"/>` +
        (trip ? `<text x="${c.num(vx + seen / 2)}" y="${y + 73}" font-size="${TEXT}" font-weight="700" text-anchor="middle" fill="#ffffff"${c.squeezed(trip, TEXT * 1.1, seen - 4)}>${trip}</text>` : "") +
        "</g>";
    });
    // « ☣ × 3 » one unit: narrow no-break spaces around « × » (French typography; written
    // from its right edge, the drawing keeps its size).
    out += `<text x="${x + CARD_W - 8}" y="${y + CARD_H - 8}" font-size="${TEXT}" text-anchor="end" fill="#111827">${COUNT}${stack.length}</text>`;
    if (!none(a.bills)) {
      // The bills where the viruses lay (« 2+3+1+1+3+2 »), their sum under them, left of
      // the virus count (« = 12 »): a long line of bills is narrowed to the card.
      const bills = a.bills.length ? a.bills.join("+") : "0";
      const total = a.bills.length > 1 ? `= ${a.bills.reduce((s, b) => s + b, 0)}` : "";
      const room = CARD_W - 16;
      const narrow = width(bills, TEXT) > room ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : "";
      out += `<text x="${x + 8}" y="${y + 73}" font-size="${TEXT}" font-weight="700" fill="#111827"${narrow}>` +
        h`${bills}`.text + "</text>";
      if (total) {
        out += `<text x="${x + 8}" y="${y + CARD_H - 8}" font-size="${TEXT}" font-weight="700" fill="#111827">` +
          h`${total}`.text + "</text>";
      }
    }
    return out + "</g>";
  }

  // The table of accounts (public view only).
  function map(c) {
    const { h, _, view, palette } = c;
    const n = view.players || 0;
    const accounts = view.accounts || [];
    const grouped = rows(view);
    const at = layout(c, n, grouped.length);
    const W = at.width;
    // The title says it all in words: the round, who is at the bank, each account's viruses.
    let title = h`${_("Comptes de Hacker")} — ${view.round === 0 ? _("Partie en %(t)s tours", { t: view.rounds })
      : _("tour %(r)s sur %(t)s", { r: view.round, t: view.rounds })}`.text;
    if (!none(view.traveller)) {
      title += h` — ${_("%(name)s est à la banque", { name: c.seatText(view.traveller) })}`.text;
    }
    title += " — " + accounts.map((a) =>
      h`${_("compte %(k)s : %(n)s virus", { k: a.id + 1, n: (a.stack || []).length })}`.text).join(c.lang === "en" ? "; " : h` ; `.text);
    let out = `<svg viewBox="0 0 ${W} ${at.height}" role="img" aria-labelledby="hacker-board-title" class="hacker-board${c.narrow ? " narrow" : ""}">` +
      `<title id="hacker-board-title">${title}</title>` +
      '<defs><pattern id="hacker-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
      '<rect width="8" height="8" fill="#374151"/><line x1="0" y1="0" x2="0" y2="8" stroke="#6b7280" stroke-width="3"/></pattern></defs>';
    // before the start (the lobby: round 0, game.py: lobby_view) the game's length only
    const round = view.round === 0 ? h`${_("Partie en %(t)s tours", { t: view.rounds })}`.text
      : h`${_("Tour %(r)s / %(t)s", { r: view.round, t: view.rounds })} · ${phaseName(c, view.phase)}`.text;
    const bank = h`⛁ ${c.many(view.bank) ? _("banque : %(n)s billets", { n: view.bank })
      : _("banque : %(n)s billet", { n: view.bank })}`.text;
    const heads = at.narrow ? [round, bank] : [`${round} · ${bank}`];
    heads.forEach((head, i) => {
      out += `<text x="${EDGE + 4}" y="${36 + i * HEAD_LINE}" font-size="30" font-weight="700" fill="#111827"${c.squeezed(head, 33, W - 2 * EDGE - 8)}>${head}</text>`;
    });
    for (let seat = 0; seat < n; seat++) out += player(c, seat, n, at);
    // the accounts, two owners a row (one on a narrow screen), three accounts each: the
    // owner's shape, number and nickname above its accounts (« ? » under brouillage, in
    // place order)
    grouped.forEach(([owner, group], i) => {
      const x = at.left + EDGE + (i % at.perRow) * (BLOCK + APART);
      const y = at.accountsTop + Math.floor(i / at.perRow) * ROW;
      // under brouillage (H7) the places are said « ? comptes brouillés » once, over the
      // first row: over each row it was written five to seven times
      const who = none(owner) ? (i === 0 ? `? ${_("comptes brouillés")}` : "")
        : `${palette.glyph[owner % 7]} ${owner + 1} · ${c.seatText(owner)}`;
      out += '<g class="row">' + (who
        ? `<text x="${x + 4}" y="${y + 27}" font-size="27" font-weight="700" fill="${none(owner) ? "#6b7280" : "#111827"}"${c.squeezed(who, 27 * 1.1, BLOCK - 8)}>` +
          h`${who}`.text + "</text>" : "");
      group.forEach((a, k) => { out += account(c, a, x + k * (CARD_W + GAP), y + OWNER); });
      out += "</g>";
    });
    out += "</svg>";
    // The symbols only: the players' names and what they do are written on the board.
    out += h`<p class="legend">▦\u00a0${_("virus face cachée")} · ✈2\u00a0${_("posé pendant le trajet de la place 2")} · ${COUNT}${_("nombre de virus sur le compte")} · ✈\u00a03\u00a0${_("virus : posés pendant son trajet")} · ⬚\u00a0${_("compte en cours de protection")}${view.blurred ? h` · ?\u00a0${_("brouillage : comptes sans couleur")}` : ""} · ♛\u00a0${_("gagnant")}</p>`;
    return out;
  }

  // A seat's decision sorted for the phone: the choice each account tile plays (the last
  // one offered for an account), their kinds (drop, credit, protect) and the other buttons.
  function decision(c) {
    const byAccount = new Map();
    const others = [];
    for (const choice of c.choices) {
      const ident = choice[0].account;
      if (none(ident)) others.push(choice);
      else byAccount.set(Number(ident), choice);
    }
    const kinds = [...new Set([...byAccount.values()].map((ch) => ch[0].kind))];
    return { byAccount, others, kinds };
  }

  // What tapping an account does, said once above the table.
  function prompt(c, kinds, view) {
    const _ = c._;
    const only = (kind) => kinds.length === 1 && kinds[0] === kind;
    if (only("drop") && !none(view.traveller)) {  // whose trip it is, said first (H3)
      return _("%(name)s est à la banque : touche un compte pour y poser un virus face cachée.",
        { name: c.seatText(view.traveller) });
    }
    if (only("drop")) return _("Touche un compte pour y poser un virus face cachée.");
    if (only("credit") && (view.incoming || []).length) {
      return _("Touche le compte où ranger ton billet de %(n)s.", { n: view.incoming[0] });
    }
    if (only("credit")) return _("Touche le compte à créditer.");
    if (only("protect")) return _("Touche le compte à protéger.");
    return _("Touche un compte.");
  }

  // The phone: the table of accounts, grouped by owner (colour, shape, number and nickname),
  // as on the board; the pupil taps the account to drop a virus, to credit it or to resolve
  // it. Under brouillage (H7) the accounts have no owner and come in place order. Other
  // decisions stay buttons.
  function actions(c) {
    const { h, _, view, seat } = c;
    const d = decision(c);
    let out = h`<p class="your-turn">${_("À toi de jouer !")}</p>`.text;
    if (d.byAccount.size) {
      out += h`<p class="prompt">${prompt(c, d.kinds, view)}</p>`.text + '<div class="account-table">';
      for (const [owner, group] of rows(view, true)) {
        const mine = !none(owner) && owner === view.you;
        const edge = none(owner) ? "" : ` seat-edge${owner % 7}`;
        out += `<div class="account-row${mine ? " mine" : ""}"><p class="account-owner">` +
          (none(owner) ? h`? ${_("comptes brouillés")}`.text
            : c.badge(owner) + (mine ? h` (${_("toi")})`.text : "")) +
          '</p><div class="account-tiles">';
        for (const a of group) {
          const choice = d.byAccount.get(a.id);
          const count = (a.stack || []).length;
          const no = _("n° %(k)s", { k: a.id + 1 });
          if (choice) {
            out += h`<button type="button" class="act account-tile${edge}" data-seat="${seat}" data-action="${c.safe(c.attr(choice[2]))}">` +
              h`<span class="visually-hidden">${choice[1]}</span><span class="tile-no" aria-hidden="true">${no}</span><span class="tile-virus" aria-hidden="true">☣\u202f${count}</span></button>`;
          } else {
            out += h`<span class="account-tile idle${edge}"><span class="tile-no">${no}</span><span class="tile-virus">☣\u202f${count}</span></span>`;
          }
        }
        out += "</div></div>";
      }
      out += "</div>";
    }
    // A guess or a theft says what it is about: which account, which virus, whose bills.
    const otherKinds = d.others.map((ch) => ch[0].kind);
    const accounts = view.accounts || [];
    const acc = !none(view.current) && accounts.length && view.current < accounts.length
      ? accounts[view.current] : null;
    if (acc && otherKinds.indexOf("guess") >= 0) {
      const stack = acc.stack || [];
      const top = stack.length ? stack[stack.length - 1] : null;
      // Said to its own traveller « pendant ton trajet », not by its nickname.
      const from = !top || none(top.trip) ? ""
        : top.trip === view.you ? h` ${_("Il a été posé pendant ton trajet.")}`
          : h` ${_("Il a été posé pendant le trajet de %(name)s.", { name: c.seatText(top.trip) })}`;
      out += h`<p class="prompt">${_("Qui a posé ce virus sur ton compte %(k)s ?", { k: acc.id + 1 })}${from}</p>` +
        h`<p class="effect">${_("Si tu te trompes, son auteur te prend un billet de ce compte.")}</p>`;
    } else if (acc && otherKinds.indexOf("steal") >= 0) {
      // Whose bills: the account's owner, or under brouillage (H7: no owner shown) the
      // player who protects it, public (« Raté pour Noé sur le compte 8 »): the phone
      // said nothing at all there, seven buttons « Prendre le billet n° … » alone.
      const victim = none(acc.owner) ? view.protector : acc.owner;
      out += none(victim)
        ? h`<p class="prompt">${_("Prends un billet du compte %(k)s, sans en voir la valeur.", { k: acc.id + 1 })}</p>`
        : h`<p class="prompt">${_("%(name)s n'a pas deviné que c'était toi : prends-lui un billet du compte %(k)s, sans en voir la valeur.", { name: c.seatText(victim), k: acc.id + 1 })}</p>`;
      // The bills under the account, face down: the thief touches the one he takes (H5,
      // theft=chosen), as at the table, rather than a column of buttons.
      out += `<div class="hand bills" role="group" aria-label="${c.attr(_("Billets du compte %(k)s", { k: acc.id + 1 }))}">`;
      for (const [a, label, data] of d.others.filter((ch) => ch[0].kind === "steal")) {
        const back = { symbol: "▦", tone: "grey", family: _("Billet face cachée"),
          title: _("n° %(k)s", { k: Number(a.slot) + 1 }) };
        out += c.cardTile(back, { seat, action: data, label });
      }
      out += "</div>";
      d.others = d.others.filter((ch) => ch[0].kind !== "steal");
    }
    // « J'ai fini » ends the pupil's trip: asked first while a virus could still be dropped.
    const confirm = d.byAccount.size
      ? { done: _("As-tu vraiment fini ? Tu ne pourras plus poser de virus pendant ce trajet.") } : {};
    out += c.plainButtons(d.others, seat, false, confirm);
    return out;
  }

  // On a screen with no seat (the projector, a spectator's): what happens now, in large
  // type under the header that names who acts (text.py: NOW). The traveller is public
  // during his trip and while he credits his bill (the round's last trip); the protector
  // while he protects; the thief stealing or crediting his loot is never named (H5). A
  // seat's screen says nothing more: its decision (or its wait) says it.
  function nowBox(c) {
    const { view, kit } = c;
    if (!none(c.seat) || !none(view.you)) return "";
    const said = (kit.now || {})[view.phase];
    if (!said) return "";
    const trips = view.trips || [];
    const who = view.phase === "trip" ? view.traveller
      : view.phase === "credit" ? (trips.length ? trips[trips.length - 1].traveller : null)
        : view.phase === "choose" || view.phase === "guess" ? view.protector : null;
    if (said.indexOf("%(name)s") >= 0 && none(who)) return "";
    if (said.indexOf("%(k)s") >= 0 && none(view.current)) return "";
    const line = said.replace("%(name)s", none(who) ? "" : c.seatText(who))
      .replace("%(k)s", none(view.current) ? "" : String(view.current + 1));
    return `<div class="spotlight now hacker-now"><p class="spot">${L.draw.nicks(c.show(line), c.names)}</p></div>`;
  }

  // -- the game's text under the board ----------------------------------------------------
  // The lines the server wrote (text.py: HackerText.view, screen.py: render with
  // board=False, then render.lines), in the game's own words in French or English: the
  // accounts in sentences, since the board above shows their owners and stacks.

  // A seat as the text names it on a screen: its nickname, or without one its colour
  // « Rouge (J1) » (the kit's ``seat_labels``), as HackerText.with_names leaves it.
  function who(c, seat) {
    const names = c.names || [];
    if (seat < names.length && names[seat]) return names[seat];
    return (c.kit.seat_labels || [])[seat];
  }
  // « compte 3 », « account 3 » (text.py: account).
  const where = (en, k) => (en ? "account " : "compte ") + (k + 1);
  // « 2 + 3 = 5 », « 3 » for a single bill, « aucun » (text.py: bills).
  const sum = (en, values) => (values.length > 1
    ? values.join(" + ") + " = " + values.reduce((s, v) => s + v, 0)
    : values.length ? String(values[0]) : (en ? "none" : "aucun"));
  // What a seat sees of the accounts in words (screen.py: _accounts_in_words): the bills
  // it sees (its own, all at the end, H2) and the viruses whose owner it knows (its own,
  // those it noticed or was told, H4, H5).
  function accountsInWords(c, view, you, en) {
    const money = [];
    const mine = new Map();  // where each of this seat's viruses sits, and how many there
    const known = new Map();  // the same for each other owner this seat knows
    // « le compte 2 de Noé », « ton compte 7 », « le compte 4 » under brouillage, H7
    // (screen.py: _whose_account).
    const whose = (k, owner) => {
      if (none(owner)) return (en ? "account " : "le compte ") + (k + 1);
      if (owner === you) return (en ? "your account " : "ton compte ") + (k + 1);
      return en ? `${who(c, owner)}'s account ${k + 1}` : `le compte ${k + 1} de ${who(c, owner)}`;
    };
    // Viruses counted per account (screen.py: _counted_on).
    const counted = (places) => {
      const said = [...places].map(([on, n]) => (en
        ? `${n} ${n === 1 ? "virus" : "viruses"} on ${on}` : `${n} virus sur ${on}`));
      return said.length === 1 ? said[0]
        : said.slice(0, -1).join(", ") + (en ? " and " : " et ") + said[said.length - 1];
    };
    for (const a of view.accounts || []) {
      const at = where(en, a.id);
      if (!none(a.bills)) money.push(`${at}${en ? ":" : " :"} ${sum(en, a.bills)}`);
      for (const v of a.stack || []) {
        if (none(v.owner)) continue;
        const on = whose(a.id, a.owner);
        if (v.owner !== you && !known.has(v.owner)) known.set(v.owner, new Map());
        const places = v.owner === you ? mine : known.get(v.owner);
        places.set(on, (places.get(on) || 0) + 1);
      }
    }
    const over = view.phase === "over";
    const out = [];
    const and = en ? "; " : " ; ";  // French spacing in French only
    if (money.length) {
      const title = en ? (over ? "Bills" : "Your bills") : (over ? "Billets" : "Tes billets");
      out.push(`${title}${en ? ":" : " :"} ${money.join(and)}.`);
    }
    // Whose account each of its viruses sits on, counted (screen.py: _accounts_in_words).
    if (mine.size) out.push((en ? "You dropped " : "Tu as posé ") + counted(mine) + ".");
    // Another's viruses this seat noticed (H4), one sentence per owner; a screen of no
    // seat says it without « tu ».
    for (const [owner, places] of known) {
      const name = who(c, owner);
      if (en) out.push(`${none(you) ? "" : "You know "}${name} dropped ${counted(places)}.`);
      else out.push(`${none(you) ? "" : "Tu sais que "}${name} a posé ${counted(places)}.`);
    }
    return out;
  }

  // The seat's text (the public screen's: ``c.seat`` null), one plain string a line, named,
  // French-spaced, as render.lines returns it.
  function lines(c) {
    const view = c.view;
    const en = c.lang === "en";
    const you = none(view.you) ? null : view.you;
    const phase = none(view.phase) ? "" : String(view.phase);
    const out = [];
    // The round and the phase in words (the board's header says them in its own).
    const phaseWords = c.kit.phases || {};
    if (view.round === 0) {  // the lobby: no round begun (game.py: lobby_view)
      out.push(`Hacker — ${en ? `a game of ${view.rounds} rounds` : `partie en ${view.rounds} tours`}`);
    } else {
      out.push(`Hacker — ${en ? "round" : "tour"} ${view.round}/${view.rounds} — ` +
        // (an unknown phase prints as Python prints dict.get's None)
        (Object.prototype.hasOwnProperty.call(phaseWords, phase) ? phaseWords[phase] : "None"));
    }
    // Who walks to the bank (H3), who protects (H5).
    if (!none(view.traveller)) {
      out.push(`${who(c, view.traveller)} ${en ? "is at the bank." : "est à la banque."}`);
    }
    if (!none(view.protector)) {
      out.push(`${who(c, view.protector)} ${en ? "is protecting their accounts." : "se protège."}`);
    }
    // Brouillage (H7): the accounts lose their colour.
    if (view.blurred) {
      out.push(en ? "Magnetic jamming: the accounts show no colour."
        : "Brouillage magnétique : les comptes ne montrent plus leur couleur.");
    }
    out.push(...accountsInWords(c, view, you, en));
    // The bank's bills left (engine.counted: French singular under 2, English but for 1).
    const bank = Number(view.bank || 0);
    if (en) {
      out.push(bank === 0 ? "Bank: no bills left." : `Bank: ${bank} ${bank === 1 ? "bill" : "bills"} left.`);
    } else {
      out.push(bank === 0 ? "Banque : il ne reste aucun billet."
        : `Banque : il reste ${bank} ${bank < 2 ? "billet" : "billets"}.`);
    }
    if (you !== null) {
      // What the seat holds: viruses in hand, money (hidden under brouillage, H7).
      const hand = view.hand === undefined ? 0 : view.hand;
      out.push(`${en ? "Your viruses in hand:" : "Tes virus en main :"} ${hand}/${view.viruses}.`);
      if (!none(view.score)) out.push(`${en ? "Your money:" : "Ton argent :"} ${view.score}.`);
      // The thief picks a bill face down (theft=chosen, H5).
      if (phase === "steal" && view.thief === you && !none(view.current)) {
        const at = where(en, Number(view.current));
        out.push(en ? `Choose the bill to steal from ${at}: you do not see the values.`
          : `Choisis le billet à voler sur le ${at} : tu ne vois pas la valeur des billets.`);
      }
      if ((view.incoming || []).length) {
        const values = sum(en, view.incoming);
        out.push(en ? `To credit now: ${values}.` : `À créditer tout de suite : ${values}.`);
      }
      if ((view.pending || []).length) {
        const at = view.pending.map((k) => where(en, Number(k))).join(", ");
        out.push(en ? `Ready to drop: ${at}.` : `Virus prêts : ${at}.`);
      }
      // The drops this seat noticed (vigilance, H4).
      for (const note of view.notices || []) {
        const at = where(en, note.account);
        out.push(en ? `You saw ${who(c, note.dropper)} on ${at}.`
          : `Tu as vu ${who(c, note.dropper)} sur le ${at}.`);
      }
    }
    // The viruses dropped during each trip of the round (public, H4): « 7 pour Bot 4 ».
    const trips = view.trips || [];
    if (trips.length) {
      const record = trips.map((t) => ` ${t.drops}${en ? " for " : " pour "}${who(c, t.traveller)}`)
        .join(en ? ";" : " ;");
      out.push(en ? `Viruses dropped during each trip:${record}.`
        : `Virus posés pendant chaque trajet :${record}.`);
    }
    // The money each ends with (H9), in the end screen's word (screen.py: scores_line).
    if (!none(view.scores)) {
      // The amount first, as on the trips line (screen.py).
      const scores = view.scores.map((s, p) => ` ${s}${en ? " for " : " pour "}${who(c, p)}`)
        .join(en ? ";" : " ;");
      out.push(`${en ? "Money:" : "Argent :"}${scores}.`);
    }
    return out.map((line) => c.spaced(c.named(line)));
  }

  L.game("hacker", { map, actions, lines, spotlight: nowBox });
})(typeof window !== "undefined" ? window.Ludinum : globalThis.Ludinum);
