// Ludinum: the page draws the game (issue 19). The server sends each screen its own view
// (only what its seat may see), the texts it computes once for everyone (the game's lines,
// the labels of the seat's moves, what it waits for) and the page draws the board, the
// large-type part and the decision from them, with one drawer per game
// (games/<game>/web/board.js, served as /static/games/<game>.js) and the pieces below,
// shared by every game.
//
// Pure functions from data to HTML text: no DOM here, so that the same code runs in the
// page (app.js swaps the slots whose HTML changed) and in the tests (a JavaScript engine
// in Python). Every value printed goes out as the server's templates print it: French
// no-break spaces, then escaped (h`…` does both; Safe marks HTML already made).
(function (root) {
  "use strict";
  const L = root.Ludinum = root.Ludinum || {};
  L.games = L.games || {};
  L.kits = L.kits || {};

  // -- HTML text ---------------------------------------------------------------------
  class Safe {
    constructor(text) { this.text = text; }
    toString() { return this.text; }
  }
  const safe = (text) => new Safe(String(text));
  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" };
  const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

  // French no-break spaces: before « ; ! ? » and « : », inside « » (typography.py).
  const NNBSP = "\u202f";
  const NBSP = "\u00a0";
  function spaced(text) {
    if (text.indexOf(" ") < 0 && text.indexOf("\t") < 0) return text;
    return text.replace(/[ \t]+([;!?»])/g, NNBSP + "$1")
      .replace(/[ \t]+(:)(?=\s|$)/g, NBSP + "$1")
      .replace(/(«)[ \t]+/g, "$1" + NNBSP);
  }

  // What render.lines does to each line of a game's text besides French spacing, for the
  // games whose page writes their lines (Game.page_lines). Rich markup as render.plain
  // removes it (« [red]…[/] »), from the line as shown: a nickname or a content text that
  // looks like markup loses it there too.
  const RICH = /\[\/?(?:[A-Za-z#][^[\]]*)?\]/g;
  const plain = (text) => (text.indexOf("[") < 0 ? text : text.replace(RICH, ""));
  // « Joueur 2 » / « Player 2 » in a line (a teacher's pack's text, a nickname holding
  // one): the seat's nickname, as GameText.with_names puts it in the whole line (left as
  // it is for a seat without one). Word edges as Python's ``\b`` sees them (letters of
  // any script).
  // « de » or « que » before it is elided where French wants it (« d'Inès »), as
  // engine/game.py's with_word does.
  const SEAT_WORDS = /(?<![\p{L}\p{N}_])(?:([Dd]e|[Qq]ue) )?(?:Joueur|Player) ([1-9])(?![\p{L}\p{N}_])/gu;
  const named = (names, text) => (text.indexOf("Joueur ") < 0 && text.indexOf("Player ") < 0
    ? text : text.replace(SEAT_WORDS, (whole, word, n) => (names[n - 1] ? withWord(word, names[n - 1]) : whole)));
  // Whether French elides « de » and « que » before a name (engine/game.py: elides): a
  // vowel first, or a Y before a consonant; not an H.
  function elides(name) {
    const text = String(name).normalize("NFD").toLowerCase();
    if (!text) return false;
    if ("aeiouœæ".includes(text[0])) return true;
    return text[0] === "y" && text.length > 1 && !"aeiouy".includes(text[1]);
  }
  const withWord = (word, name) => (!word ? name : elides(name) ? `${word.slice(0, -1)}'${name}` : `${word} ${name}`);

  // A value as a template prints it: HTML kept, lists joined, nothing for null, false
  // and undefined, any other text spaced then escaped.
  function show(value) {
    if (value instanceof Safe) return value.text;
    if (value === null || value === undefined || value === false) return "";
    if (Array.isArray(value)) return value.map(show).join("");
    return escape(spaced(String(value)));
  }
  // h`<p>${text} : ${more}</p>`: the values printed as show() prints them, and the
  // template's own words spaced as the server's templates are (FrenchLoader): once per
  // place in the code, not once per drawing.
  const prose = new WeakMap();
  function h(strings, ...values) {
    let words = prose.get(strings);
    if (!words) { words = strings.map(spaced); prose.set(strings, words); }
    let out = words[0];
    for (let i = 0; i < values.length; i++) out += show(values[i]) + words[i + 1];
    return new Safe(out);
  }
  // An attribute's value (an action's JSON, a question): escaped, spaced like any text.
  const attr = (value) => escape(spaced(String(value)));

  // A number as Python prints it in the server's drawings, where it matters to the eye
  // only: at most 2 decimals.
  const num = (x) => String(Math.round(x * 100) / 100);

  // -- lines of words in a drawing ---------------------------------------------------
  // About how wide a line of words is at ``size`` (DejaVu Sans, generous: a space 0.35 em,
  // a capital 0.75 em, a symbol such as ✈ or a French no-break space 1 em, any other
  // letter 0.64 em; a bold line: ``size`` a tenth larger).
  const textWidth = (text, size) => [...String(text)].reduce((w, ch) => w + size * (
    ch === " " ? 0.35 : ch.charCodeAt(0) > 0x2000 ? 1 : ch >= "A" && ch <= "Z" ? 0.75 : 0.64), 0);
  // ``textLength`` squeezing a line into ``room`` when it would be wider, so that it never
  // runs into its neighbour (nothing when it fits).
  const squeezed = (text, size, room) => (textWidth(text, size) > room
    ? ` textLength="${Math.floor(room)}" lengthAdjust="spacingAndGlyphs"` : "");
  // ``text`` whole when squeezed to ``least`` of its width at most it fits ``room`` at
  // ``size`` (squeezed then draws it so), else its first signs that fit so, cut with « … ».
  function cutToRoom(text, size, room, least) {
    const whole = String(text);
    if (textWidth(whole, size) * least <= room) return whole;
    const signs = [...whole];
    while (signs.length > 1 && textWidth(signs.join("") + "…", size) * least > room) signs.pop();
    return signs.join("").trimEnd() + "…";
  }
  // A text in lines at most ``room`` wide at ``size``, cut at its ordinary spaces only: a
  // French no-break space (spaced) keeps « and » with their words, a colon with its
  // word. A word wider than the room has a line to itself (squeezed there).
  function wrap(text, size, room) {
    const out = [];
    for (const word of String(text).split(" ")) {
      const last = out.length ? out[out.length - 1] + " " + word : word;
      if (out.length && textWidth(last, size) <= room) out[out.length - 1] = last;
      else out.push(word);
    }
    return out;
  }

  // -- the room a board is given -----------------------------------------------------
  // Of a board's layouts (each ``{width, height}`` in the drawing's units, the board's own
  // first), the one drawn largest in ``box`` (its scale: the smaller of its two ratios),
  // so that on the projector a board of few players fills the stage's height instead of
  // its width alone. Another than the first only when it is drawn ``gain`` times larger
  // at least (a tenth unless told): a board does not change its shape for a few pixels.
  // Without a box (a phone, a replay, the tests' drawings): the first.
  const scaleIn = (box, l) => Math.min(box.w / l.width, box.h / l.height);
  function fit(box, layouts, gain = 1.1) {
    if (!box || layouts.length < 2) return layouts[0];
    let best = layouts[0];
    for (const l of layouts.slice(1)) if (scaleIn(box, l) > gain * scaleIn(box, best)) best = l;
    return best;
  }

  // -- words -------------------------------------------------------------------------
  // The translator of a page: French is the source; other languages come in the kit.
  function translator(messages) {
    return function _(message, values) {
      let text = (messages && messages[message]) || message;
      if (values) {
        // « de %(name)s » for Inès: « d'Inès » (engine/game.py: elided_values).
        text = text.replace(/(?<![\p{L}\p{N}_])([Dd]e|[Qq]ue) %\(([a-z_]+)\)s/gu,
          (whole, word, k) => (elides(values[k]) ? `${word.slice(0, -1)}'%(${k})s` : whole));
        text = text.replace(/%\(([a-z_]+)\)s/g, (_m, k) => String(values[k]));
      }
      return text;
    };
  }
  // A count's noun in the plural: French from 2 on, English but for 1.
  const many = (lang) => (lang === "en" ? (n) => n !== 1 : (n) => n >= 2);

  // -- seats -------------------------------------------------------------------------
  // Every seat looks the same in every game (boards.py): a colour always with a shape and
  // its number.
  const SEAT_FILL = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"];
  const SEAT_INK = ["#111827", "#111827", "#111827", "#111827", "#ffffff", "#111827", "#111827"];
  const SEAT_GLYPH = ["●", "■", "◆", "▲", "✚", "▼", "★"];
  const SEAT_SHAPE = ["circle", "square", "diamond", "up", "cross", "down", "star"];
  const POLYGONS = {
    diamond: [[0, -1.25], [1.25, 0], [0, 1.25], [-1.25, 0]],
    up: [[0, -1.35], [1.25, 0.85], [-1.25, 0.85]],
    down: [[0, 1.35], [1.25, -0.85], [-1.25, -0.85]],
    cross: [[-0.45, -1.15], [0.45, -1.15], [0.45, -0.45], [1.15, -0.45], [1.15, 0.45],
      [0.45, 0.45], [0.45, 1.15], [-0.45, 1.15], [-0.45, 0.45], [-1.15, 0.45],
      [-1.15, -0.45], [-0.45, -0.45]],
    star: [[0, -1.4], [0.38, -0.52], [1.33, -0.43], [0.61, 0.2], [0.82, 1.13], [0, 0.64],
      [-0.82, 1.13], [-0.61, 0.2], [-1.33, -0.43], [-0.38, -0.52]],
  };
  const round1 = (x) => Math.round(x * 10) / 10;

  // A seat's pawn centred on (x, y) in SVG; ``turn`` cancels an enclosing rotation,
  // ``ring`` draws a halo (whose turn it is); ``font``: its number's size (1.15 r unless
  // given: a board that needs its pawns' numbers larger than the pawns).
  function token(seat, x, y, r = 13, turn = 0, ring = false, font = 0) {
    const shape = SEAT_SHAPE[seat % 7];
    const fill = SEAT_FILL[seat % 7];
    const rotate = turn ? ` transform="rotate(${num(turn)} ${num(x)} ${num(y)})"` : "";
    let out = `<g class="token seat-${seat}"${rotate}>\n`;
    if (ring) {
      out += `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r * 1.75)}" fill="none" stroke="#111827" stroke-width="3" stroke-dasharray="5 3"/>`;
    }
    if (shape === "circle") {
      out += `  <circle cx="${num(x)}" cy="${num(y)}" r="${num(r * 1.05)}" fill="${fill}" stroke="#111827" stroke-width="2"/>\n`;
    } else if (shape === "square") {
      out += `  <rect x="${num(x - r)}" y="${num(y - r)}" width="${num(2 * r)}" height="${num(2 * r)}" fill="${fill}" stroke="#111827" stroke-width="2"/>\n`;
    } else {
      const points = POLYGONS[shape].map(([px, py]) => `${round1(x + px * r)},${round1(y + py * r)}`).join(" ");
      out += `  <polygon points="${points}" fill="${fill}" stroke="#111827" stroke-width="2"/>\n`;
    }
    const base = font ? font * 0.365 : r * 0.42;
    out += `  <text x="${num(x)}" y="${round1(y + base)}" font-size="${round1(font || r * 1.15)}" font-weight="700" text-anchor="middle" fill="${SEAT_INK[seat % 7]}">${seat + 1}</text>\n</g>`;
    return safe(out);
  }
  // The outline of ``token(seat, x, y, r)``'s shape, its stroke left out, as a convex
  // polygon that holds it (a disc as a 16-gon around it, a cross or a star as its hull):
  // what a board measures to keep a pawn clear of the words and pawns around it.
  const HULLS = {
    cross: [[-0.45, -1.15], [0.45, -1.15], [1.15, -0.45], [1.15, 0.45], [0.45, 1.15],
      [-0.45, 1.15], [-1.15, 0.45], [-1.15, -0.45]],
    star: [[0, -1.4], [1.33, -0.43], [0.82, 1.13], [-0.82, 1.13], [-1.33, -0.43]],
  };
  function outline(seat, x, y, r = 13) {
    const shape = SEAT_SHAPE[seat % 7];
    if (shape === "circle") {
      const reach = r * 1.05 / Math.cos(Math.PI / 16);
      return Array.from({ length: 16 }, (_x, k) => [x + reach * Math.cos(k * Math.PI / 8),
        y + reach * Math.sin(k * Math.PI / 8)]);
    }
    const points = shape === "square" ? [[-1, -1], [1, -1], [1, 1], [-1, 1]]
      : HULLS[shape] || POLYGONS[shape];
    return points.map(([px, py]) => [x + px * r, y + py * r]);
  }
  // A seat in one glyph and its number, « ● 1 ».
  const glyph = (seat) => safe(`${SEAT_GLYPH[seat % 7]} ${seat + 1}`);

  // The drawing pieces of one screen: its language, its kit and its seats' names.
  function kitOf(game, lang) { return L.kits[game + "/" + lang] || { messages: {} }; }

  function pieces(game, lang, names) {
    const kit = kitOf(game, lang);
    const _ = translator(kit.messages);
    const plural = many(lang);
    // A seat's nickname (« Joueur 2 » without one), cut to ``length`` characters: as
    // text (to go into a sentence) and as HTML.
    function seatText(seat, length = 0) {
      let name = seat !== null && seat !== undefined && seat < names.length && names[seat]
        ? names[seat] : _("Joueur %(n)s", { n: (seat || 0) + 1 });
      if (length && [...name].length > length) name = [...name].slice(0, length - 1).join("") + "…";
      return name;
    }
    const seatName = (seat, length = 0) => safe(show(seatText(seat, length)));
    // A seat's nickname on a line ``room`` wide at ``size`` (bold: a tenth larger), whole
    // where it fits squeezed to three quarters of its width at most (cutToRoom).
    const seatFitted = (seat, size, room) => safe(show(cutToRoom(seatText(seat), size, room, 0.75)));
    const seatsLegend = (count) => safe(Array.from({ length: count },
      (_x, seat) => `${glyph(seat)} ${seatName(seat)}`).join(" · "));
    // A seat in HTML as on the boards: colour, shape, number, then the nickname.
    const badge = (seat) => safe(`<span class="seat-badge"><span class="seat-mark seat-c${seat % 7}" aria-hidden="true">${glyph(seat)}</span> <span class="seat-nick">${seatName(seat)}</span></span>`);
    const portrait = (name) => (name && kit.portraits && kit.portraits[name]) || "";
    // A character's or a role's portrait next to a seat (nothing when there is none).
    const portraitImg = (name) => (name && portrait(name)
      ? h`<img class="seat-portrait" src="${portrait(name)}" alt="" width="40" height="40">` : safe(""));
    // A card lying face down: only its back and what everyone may know of it.
    const cardBack = (text) => h`<div class="card-tile card-back"><span class="card-top"><span class="card-symbol" aria-hidden="true">▦</span> <span class="card-family">?</span></span><span class="card-text">${text}</span></div>`;
    const face = (ident) => (kit.faces || {})[ident] || null;
    // The cards of a hand each once, in the order first held, with how many of it are held.
    const tally = (cards) => {
      const counts = new Map();
      for (const id of cards) counts.set(String(id), (counts.get(String(id)) || 0) + 1);
      return counts;
    };

    // A card as a tile (tiles.py): ``pick`` makes it a button that picks it, ``action`` one
    // that plays (``confirm`` asks first), neither a card only shown; ``idle`` greys it.
    function cardTile(card, o = {}) {
      const tag = o.pick || o.action ? "button" : "div";
      const hidden = o.label ? ' aria-hidden="true"' : "";
      let out = `<${tag}` + (tag === "button" ? ' type="button"' : "") +
        ` class="card-tile tone-${attr(card.tone)}` + (o.action ? " act" : "") +
        (o.pick ? " pick" : "") + (o.idle ? " idle" : "") + '"';
      if (o.pick) out += ` data-card="${attr(o.pick)}" aria-pressed="false" aria-controls="targets-${attr(o.pick)}"`;
      if (o.action) out += ` data-seat="${attr(o.seat)}" data-action="${attr(o.action)}"`;
      if (o.confirm) out += ` data-confirm="${attr(o.confirm)}"`;
      out += ">";
      // a label says what the tap does, the card's name it may leave to the card (a
      // phone's move): a screen reader, which skips the drawn words, hears both.
      const named = o.label && String(o.label).indexOf(String(card.title)) < 0 ? `${card.title} — ${o.label}` : o.label;
      if (o.label) out += `<span class="visually-hidden">${show(named)}</span>`;
      out += `<span class="card-top"${hidden}><span class="card-family"><span class="card-symbol" aria-hidden="true">${show(card.symbol)}</span> ${show(card.family)}</span>`;
      if (card.value) out += ` <span class="card-value">${show(card.value)}</span>`;
      out += "</span>";
      const url = card.portrait ? portrait(card.portrait) : "";
      if (url) out += `<img class="card-portrait" src="${attr(url)}" alt="" width="56" height="56">`;
      out += `<span class="card-title"${hidden}>${show(card.title)}`;
      if ((o.count || 1) > 1) out += ` <span class="card-count">× ${show(o.count)}</span>`;
      out += "</span>";
      if (card.text) out += `<span class="card-text"${hidden}>${show(card.text)}</span>`;
      if (o.note) out += `<span class="card-note"${hidden}>${show(o.note)}</span>`;
      return safe(out + `</${tag}>`);
    }
    function button(seat, data, label, question, primary) {
      const asks = question ? ` data-confirm="${attr(question)}"` : "";
      return `  <button type="button" class="act${primary ? " primary" : ""}" data-seat="${attr(seat)}" data-action="${attr(data)}"${asks}>${nicks(show(label), names)}</button>\n`;
    }
    // The decisions not drawn as a thing to tap: one large button each, with the game's
    // label. ``confirm`` maps an action kind to the question asked before it is sent.
    function plainButtons(choices, seat, primaryFirst = false, confirm = {}) {
      if (!choices.length) return safe("");
      return safe('<div class="buttons">\n' + choices.map(([action, label, data], i) =>
        button(seat, data, label, confirm[action.kind] || "", i === 0 && primaryFirst)).join("") + "</div>\n");
    }
    // The choices that each play one card, drawn as the hand: a card with one choice is
    // tapped to play it; a card with several is tapped, then what to do with it.
    // ``groups``: [card id, [choice…]]…; ``idle``: the other cards in hand.
    // (``whole``: these are the whole hand, ``data-hand``: see ``screen``)
    function cardChoices(groups, seat, idle = [], confirm = {}, whole = false) {
      let out = `<div class="hand"${whole ? " data-hand" : ""} role="group" aria-label="${attr(_("Tes cartes"))}">\n`;
      const picked = [];
      for (const [ident, group] of groups) {
        const card = face(ident);
        if (!card) throw new Error("card " + ident + " has no face to draw");
        if (group.length === 1) {
          const [action, label, data] = group[0];
          out += cardTile(card, { seat, action: data, label, note: label, confirm: confirm[action.kind] || "" }) + "\n";
        } else {
          out += cardTile(card, { pick: ident });
          picked.push([ident, card, group]);
        }
      }
      for (const ident of idle) {
        const card = face(ident);
        if (card) out += cardTile(card, { idle: true });
      }
      out += "</div>\n";
      const question = attr(_("que veux-tu en faire ?"));
      for (const [ident, card, group] of picked) {
        const title = show(card.title);
        out += `<div class="card-targets" id="targets-${attr(ident)}" data-for="${attr(ident)}" role="group" aria-label="${title}" hidden>\n` +
          `  <p class="prompt" tabindex="-1">«${NNBSP}${title}${NNBSP}»${NBSP}: ${question}</p>\n` +
          group.map(([, label, data]) => button(seat, data, label, "", false)).join("") + "</div>\n";
      }
      return safe(out);
    }
    return {
      kit, lang, names, _, many: plural, h, safe, show, attr, num, spaced, escape, plain,
      textWidth, squeezed, cutToRoom, wrap, fit,
      named: (text) => named(names || [], text), withWord,
      token, outline, glyph, seatText, seatName, seatFitted, seatsLegend, badge, portrait, portraitImg, cardBack, face, tally,
      cardTile, plainButtons, cardChoices, palette: { fill: SEAT_FILL, ink: SEAT_INK, glyph: SEAT_GLYPH },
    };
  }

  // -- the slots a page draws ----------------------------------------------------------
  // View keys shown in large type (render.SPOTLIGHT_KEYS) and the keys whose texts are
  // words for people (render.TEXT_KEYS): the generic spotlight shows those words only.
  const SPOTLIGHT_KEYS = ["spotlight", "message", "prevention", "quiz", "question", "prompt"];
  const TEXT_KEYS = new Set(["spotlight", "message", "prevention", "question", "prompt", "text", "hint", "title"]);
  function spoken(value, key) {
    if (typeof value === "string") return TEXT_KEYS.has(key) ? [value] : [];
    if (Array.isArray(value)) return value.flatMap((v) => spoken(v, key));
    if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => spoken(v, k));
    return [];
  }
  const truthy = (v) => !(v === null || v === undefined || v === false || v === 0 || v === "" ||
    (Array.isArray(v) && !v.length) || (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length));

  // A game that draws its own spotlight decides when it has one (a quiz, the
  // questions of a game's setting up), with or without these keys in its view.
  function spotlight(drawer, c) {
    if (drawer.spotlight) return String(drawer.spotlight(c)).trim();
    const items = SPOTLIGHT_KEYS.filter((k) => truthy(c.view[k]));
    if (!items.length) return "";
    const texts = items.flatMap((k) => spoken(c.view[k], k));
    return texts.length ? `<div class="spotlight">${texts.map((t) => h`<p class="spot">${t}</p>`).join("")}</div>` : "";
  }

  // The seat's decision; what it waits for instead (the lobby, a pause, another's turn),
  // or nothing once the game is over.
  function actions(drawer, c) {
    if (c.wait) return h`<p class="wait">${c.wait}</p>`.text + heldHand(c);
    if (!c.choices.length) return "";
    if (drawer.actions) return String(drawer.actions(c)).trim();
    const buttons = c.choices.map(([, label, data]) =>
      `<button type="button" class="act" data-seat="${c.seat}" data-action="${attr(data)}">${show(label)}</button>`).join("");
    return `<p class="your-turn">${show(c._("À toi de jouer !"))}</p><div class="buttons">${buttons}</div>`;
  }

  // While a seat waits, its hand drawn as the cards it will play (not buttons: nothing to
  // tap yet), each card once with how many of it; a game whose hand is not cards with
  // faces in its kit draws nothing here (its text under the board says the hand).
  function heldHand(c) {
    const counts = c.tally(Array.isArray(c.view.hand) ? c.view.hand : []);
    if (!counts.size) return "";
    let tiles = "";
    for (const [id, count] of counts) {
      const card = c.face(id);
      if (!card) return "";
      tiles += c.cardTile(card, { count });
    }
    const title = c._("Ta main");
    return `<div class="held-hand"><p class="held-title">${show(title)}</p>` +
      `<div class="hand" data-hand role="group" aria-label="${attr(title)}">${tiles}</div></div>`;
  }

  // A text's hyphenated nicknames (« Anne-Sophie ») kept on one line: each in a span the
  // stylesheet never cuts (app.css: .nick), not « Anne- / Sophie » on a phone. ``html``:
  // the text already escaped; ``names``: the seats' nicknames.
  function nicks(html, names) {
    const whole = [...new Set((names || []).filter((n) => n && String(n).includes("-"))
      .map((n) => escape(n)))].sort((a, b) => b.length - a.length);
    if (!whole.length) return html;
    const any = new RegExp(whole.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
    return html.replace(any, (n) => `<span class="nick">${n}</span>`);
  }

  // The game's own text of the screen, one paragraph a line (the server writes the lines),
  // its hyphenated nicknames kept whole.
  // ``unseen``: the line read by screen readers only (the page's ``visually-hidden``).
  const lines = (texts, names, unseen = null) => `<div class="game-text">${(texts || []).map((t) => (t.trim() ? `<p${t === unseen ? ' class="visually-hidden"' : ""}>${nicks(escape(t), names)}</p>` : "")).join("")}</div>`;

  // Everything a screen draws from its state (app.js keeps it from frame to frame):
  // ``game``, ``lang``, ``seat`` (the seat whose view it is, or null), ``view`` (that view,
  // in the page's language), ``board`` (the public view's drawn keys; null: ``view``),
  // ``names``, ``lines``, ``choices`` (the frame's actions: seat, label, action),
  // ``wait`` (what a seat with nothing to decide is told), ``narrow`` (the page is under
  // 50 rem wide, a phone: a board may lay itself out for it), ``box`` (the room the
  // projector's stage leaves the drawing, ``{w, h}`` in CSS pixels, app.js: fitBoard; a
  // board may pick the layout that fills it, see ``fit``). ``slots``: which to draw.
  function screen(state, slots) {
    const drawer = L.games[state.game] || {};
    const base = pieces(state.game, state.lang, state.names || []);
    const c = Object.assign({}, base, {
      narrow: !!state.narrow,
      box: !state.narrow && state.box && state.box.w > 0 && state.box.h > 0 ? state.box : null,
      seat: state.seat === undefined ? null : state.seat,
      view: state.view || {},
      board: state.board || state.view || {},
      wait: state.wait || "",
      choices: (state.choices || []).map((a) => [a.action, a.label, JSON.stringify(a.action)]),
    });
    const want = (name) => !slots || slots.indexOf(name) >= 0;
    const out = {};
    if (want("ground")) out.ground = drawer.ground ? String(drawer.ground(c)) : "";
    if (want("map")) out.map = drawer.map ? String(drawer.map(Object.assign({}, c, { view: c.board }))) : "";
    const acts = want("actions") || (want("board") && drawer.hand)
      ? (c.seat === null ? "" : actions(drawer, c)) : "";
    // The game's text under its board: drawn here from the view when the game's drawer
    // says it (``lines``), else the lines the server wrote. Its line of the seat's hand
    // (the drawer's ``hand``) is for screen readers only while the screen draws that hand
    // as cards (``data-hand``): a phone said « Ta main : … » under the cards it showed.
    if (want("board")) {
      const drawn = drawer.hand && /\sdata-hand[\s>]/.test(acts);
      out.board = lines(drawer.lines ? drawer.lines(c) : state.lines, state.names,
        drawn ? drawer.hand(c) : null);
    }
    if (want("spotlight")) out.spotlight = spotlight(drawer, c);
    if (want("actions")) out.actions = acts;
    return out;
  }

  // A game's drawer: ``ground``, ``map``, ``spotlight``, ``actions``, ``lines`` (the
  // game's text of the view, one string a line) and ``hand`` (the one of those lines that
  // says the seat's hand, null without one), each optional, functions of the pieces above
  // and the screen's state.
  L.game = (name, drawer) => { L.games[name] = drawer; };
  // A game's fixed data in one language (server/kits.py): cards, characters, layout, words.
  L.kit = (data) => { L.kits[data.game + "/" + data.lang] = data; };
  L.screen = screen;
  L.draw = { Safe, safe, h, show, escape, attr, spaced, plain, num, textWidth, squeezed, cutToRoom, wrap, fit,
    nicks, translator, many, pieces, truthy };
})(typeof window !== "undefined" ? window : globalThis);
