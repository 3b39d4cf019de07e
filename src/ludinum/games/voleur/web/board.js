// Le Voleur de Données in the page (draw.js): the thief (V5) and, for each data manager, the
// paper board and the digital board (V3) with a slot per data category (1, 3, 5 points, V2,
// V7). Data cards lie face up; security measures lie face down (drawn as backs, only their
// number is public) until revealed (V4). The pending attack names its target board. Card
// names come from the public catalogue (the kit's layout). On the phone: the hand drawn as
// cards, tapped then their target; the attacked manager's counter (V4); the data to steal.
(function (L) {
  "use strict";
  // Read from the back of the room: every card name is 20 units tall (≥ 14 px on a
  // 1920×1080 projector, 15.2 to 19.3 by players: layout), on a row of its own across its
  // board, whole: a name longer than the board is wide goes on to a second line (or
  // more), cut at its spaces only, the card as much taller (CHW: the width of a
  // character). It was cut at a word's end (« Empreintes digitales du… »): 3 of the 38
  // names on the narrowest projector board.
  const W = 1200;
  const FS = 20;
  const CHW = 11.3;
  const CARD_H = 30;
  const HEAD = 112;
  // A narrow screen (``c.narrow``: a phone, app.js) draws the board NARROW_W units wide,
  // one block a row, the header on two lines and the attack on as many as it needs, the
  // pawns larger: its smallest text, 20 units, is 15.3 px on a 390-pixel phone (14 px at
  // 360); drawn for the projector, 1200 units wide, its texts were 5.6 to 7.9 px.
  const NARROW_W = 480;
  const CATS = ["standard", "confidential", "sensitive"];
  const DATA_FILL = { standard: "#e5e7eb", confidential: "#fed7aa", sensitive: "#fecaca" };
  const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

  // The card catalogue by id (the board's layout), built once per kit.
  const catalogues = new WeakMap();
  function catalogue(kit) {
    let cards = catalogues.get(kit);
    if (!cards) {
      cards = {};
      for (const entry of kit.layout || []) if ("id" in entry) cards[String(entry.id)] = entry;
      catalogues.set(kit, cards);
    }
    return cards;
  }
  const known = (c, ident) => (has(catalogue(c.kit), ident) ? catalogue(c.kit)[ident] : null);
  // A card's name in the page's language (its id when the catalogue does not know it).
  function cardName(c, ident) {
    const card = known(c, ident);
    return card ? (c.lang === "en" ? card.name_en : card.name_fr) : ident;
  }
  // A card's name (after ``prefix``) in lines of at most ``size`` characters, cut at its
  // spaces only; a word longer than a line has a line to itself (squeezed there, dataCard).
  function nameLines(c, ident, size, prefix = "", suffix = "") {
    const out = [];
    for (const word of (prefix + cardName(c, ident) + suffix).split(" ")) {
      const last = out.length ? out[out.length - 1] + " " + word : word;
      if (out.length && [...last].length <= size) out[out.length - 1] = last;
      else out.push(word);
    }
    return out;
  }
  // How tall a card of ``lines`` lines of name is; where its i-th line's baseline lies.
  const LINE_H = 22;
  const cardH = (lines) => CARD_H + (lines - 1) * LINE_H;
  const baseline = (y, i) => y + 22 + i * LINE_H;
  // How many characters a line of a card ``w`` wide holds, its points before it.
  const dataSize = (w) => Math.trunc((w - 38) / CHW);
  // The lines of a card's name, each a <text> from ``x``, squeezed into ``room`` when
  // longer than it (a single long word).
  const nameTexts = (c, lines, x, y, size, fill) => lines.map((line, i) =>
    `<text x="${x}" y="${baseline(y, i)}" font-size="${FS}" fill="${fill}"` +
    `${[...line].length > size ? ` textLength="${Math.floor(size * CHW)}" lengthAdjust="spacingAndGlyphs"` : ""}>` +
    c.h`${line}</text>`).join("");

  // The same data laid several times on a board (the deck holds copies) is one row with
  // its count, « Annuaire interne ×2 »: late in a game a row each made the boards so tall
  // that the projector shrank them. ``[ident, count]`` in the order first laid.
  function grouped(idents) {
    const counts = new Map();
    for (const ident of idents) counts.set(ident, (counts.get(ident) || 0) + 1);
    return [...counts];
  }
  // The lines of a data card's name, its count after it (« ×2 ») when there are several.
  const dataLines = (c, ident, size, n = 1) =>
    nameLines(c, ident, size, "", n > 1 ? ` ×${n}` : "");

  // A data card on a row: its points, then its name, whole, on as many lines as it needs
  // (``n``: how many of it lie there).
  function dataCard(c, ident, x, y, w, n = 1, tall = 0) {
    const card = known(c, ident);
    const fill = (card && DATA_FILL[card.category]) || "#ffffff";
    const size = dataSize(w);
    const lines = dataLines(c, ident, size, n);
    return '<g class="card data">' +
      `<rect x="${x}" y="${y}" width="${w}" height="${tall || cardH(lines.length)}" rx="4" fill="${fill}"` +
      ' stroke="#111827" stroke-width="1"/>' +
      c.h`<text x="${x + 6}" y="${y + 22}" font-size="${FS}" font-weight="700" fill="#111827">` +
      c.h`${card ? card.points : ""}</text>` + nameTexts(c, lines, x + 32, y, size, "#111827") + "</g>";
  }

  // A revealed measure's row ``w`` wide (a board's width less 12 when it has a row to
  // itself): « ✔ » and its name, whole.
  const shownSize = (w) => Math.trunc((w - 34) / CHW) + 2;
  const shownLines = (c, ident, w) => nameLines(c, ident, shownSize(w), "✔ ");

  // Where a board's cards lie under its label: its data by slot (1 point, then 3, then 5,
  // a card the catalogue does not know last), then its revealed measures: a row each, or
  // side by side when ``split`` (grid keeps that when shorter).
  // Each a place ``[ident, n, x, y, w]`` from the first row's top-left corner in rows
  // ``w`` wide; and how tall they are.
  const TIGHT = 2;
  function rows(c, b, w, split) {
    const cards = catalogue(c.kit);
    const data = [];
    for (const slot of [...CATS, null]) {
      for (const [ident, n] of grouped(b.data)) {
        const category = has(cards, ident) ? cards[ident].category : null;
        if ((category === undefined ? null : category) === slot) data.push([ident, n]);
      }
    }
    // on a board of a block outgrowing its room (``split``): the cards side by side, each
    // as wide as its name on one line (the width of the row at most), as many a row as fit,
    // in their order, each row's cards widened to fill it (two a row whatever their names
    // came out taller: a late game of six still grew the drawing in 12 games of 60), the
    // rows TIGHT units closer and as much less tall, the names as large
    let y = 0;
    const lay = (items, lines, least) => {
      const out = [];
      let row = [];
      const flush = () => {
        if (!row.length) return;
        const spare = (w - row.reduce((sum, [, , cw]) => sum + cw, 0) - 6 * (row.length - 1)) / row.length;
        let x = 0, tall = 0;
        for (const [ident, n, cw] of row) {
          const ch = cardH(lines(ident, n, cw + spare)) - (split ? TIGHT : 0);
          out.push([ident, n, x, y, cw + spare, ch]);
          tall = Math.max(tall, ch);
          x += cw + spare + 6;
        }
        y += tall + (split ? 4 - TIGHT : 4);
        row = [];
      };
      let used = 0;
      for (const [ident, n] of items) {
        const cw = split ? Math.min(w, least(ident, n)) : w;
        if (row.length && used + 6 + cw > w) flush();
        used = row.length ? used + 6 + cw : cw;
        row.push([ident, n, cw]);
      }
      flush();
      return out;
    };
    return {
      data: lay(data, (ident, n, cw) => dataLines(c, ident, dataSize(cw), n).length,
        (ident, n) => Math.ceil(38 + [...dataLines(c, ident, 999, n)[0]].length * CHW) + 1),
      shown: lay((b.shown || []).map((ident) => [ident, 1]),
        (ident, n, cw) => shownLines(c, ident, cw).length,
        (ident) => Math.ceil(34 + ([...shownLines(c, ident, 99999)[0]].length - 2) * CHW) + 1),
      height: y,
    };
  }

  // The grid: the thief and the managers share one grid (2 or 3 columns, as wide as the
  // screen is; one on a narrow screen), each grid row as tall as its fullest block; the
  // thief in its last cell. ``top``: where the grid begins, under the header.
  // The projector's board as the stage's box wants it (layout): ``width`` and ``cols``;
  // ``room``: how tall a block is at least (the frame kept for the whole game: a manager
  // whose cards outgrow it has them side by side, ``split``; ``fixed``: the heading
  // keeps the line of turns to skip); ``compact``: tiles for the data, no names.
  function grid(c, top, { width = c.narrow ? NARROW_W : W, cols = 0, compact = false,
    room = 0, fixed = false } = {}) {
    const view = c.view;
    const players = view.players || [];
    const managers = players.filter((p) => p.role === "manager");
    const cells = managers.length + 1;
    // Three blocks (three players) in two columns too: a name cut to a third of the board
    // (« Empreintes digitales du… ») on a projector whose lower half stayed empty.
    cols = cols || (c.narrow ? 1 : cells <= 4 ? 2 : 3);
    const blockW = (width - 10) / cols;
    const lootW = blockW - 10 - 24;
    // the loot: one card per name, side by side, as many lines as needed, each line as
    // tall as its tallest card (a long name on two lines)
    const loot = [];
    let x = 0, lineY = 0, lineH = 0;
    // (copies of one data once, with their count, as on the boards)
    for (const [ident, n] of grouped(view.loot || [])) {
      const more = n > 1 ? [...` ×${n}`].length : 0;
      const w = Math.min(lootW, 40 + ([...String(cardName(c, ident))].length + more) * CHW);
      if (x > 0 && x + w > lootW) { lineY += lineH + 4; x = 0; lineH = 0; }
      loot.push([ident, x, lineY, w, n]);
      lineH = Math.max(lineH, cardH(dataLines(c, ident, dataSize(w), n).length));
      x += w + 6;
    }
    const lootH = compact ? CARD_H + 4 : lineY + (lineH || CARD_H) + 4;
    // a board: its label (its measures beside it), a row per data card (or side by side) and
    // per revealed measure, each as tall as its name's lines; a compact board keeps its
    // row of tiles in a fixed frame. Each manager's boards are laid out here once, the
    // drawing (boards) reuses their places: ``laid`` by seat, ``{paper, digital}``.
    const boardW = blockW - 30;
    const laid = new Map();
    const boardH = (b, at) => (compact
      ? 40 + (b.data.length || fixed ? CARD_H + 4 : 0) : 40 + at.height);
    // a manager's heading: nickname; score and hand; attacks foiled; turns to skip, when
    // one of them skips some (always kept in a fixed frame)
    const headingH = 98 + (fixed || managers.some((p) => p.skips) ? 24 : 0);
    const blockH = (p, at) =>
      headingH + boardH(p.boards.paper, at.paper) + 6 + boardH(p.boards.digital, at.digital) + 8;
    const split = new Set();
    const sizes = managers.map((p) => {
      const lay = (pairs) => {
        const at = {};
        for (const side of ["paper", "digital"]) {
          at[side] = compact ? null : rows(c, p.boards[side], boardW - 12, pairs);
        }
        return at;
      };
      let at = lay(false);
      if (room && !compact && blockH(p, at) > room) {
        // its cards side by side, on each board where that is shorter
        split.add(p.seat);
        const two = lay(true);
        for (const side of ["paper", "digital"]) {
          if (two[side].height < at[side].height) at[side] = two[side];
        }
      }
      laid.set(p.seat, at);
      return Math.max(200, blockH(p, at));
    });
    sizes.push(Math.max(200, 138 + lootH + 8));
    // each grid row as tall as its fullest block, ``room`` at least; in a fixed frame a row
    // still outgrowing it takes what it lacks from the room the other rows leave free,
    // the last first (the thief's, the emptiest): the drawing grows only by what is left
    // (it grew a late game of six in 12 of 60, its names 15.2 → 14.6 px at 1920×1080)
    const needs = [];
    for (let r = 0; r < Math.floor((cells + cols - 1) / cols); r++) {
      needs.push(Math.max(...sizes.slice(r * cols, (r + 1) * cols)));
    }
    const heights = needs.map((need) => Math.max(need, room));
    let lack = heights.reduce((sum, tall) => sum + tall - room, 0);
    for (let r = heights.length - 1; r >= 0 && room && lack > 0; r--) {
      const give = Math.min(lack, heights[r] - Math.max(200, needs[r]));
      heights[r] -= give;
      lack -= give;
    }
    const tops = [];
    let y = top;
    for (const tall of heights) {
      tops.push(y);
      y += tall + 12;
    }
    // where the block of the k-th cell lies
    const block = (k) => ({
      x: 5 + (k % cols) * blockW, y: tops[Math.floor(k / cols)], h: heights[Math.floor(k / cols)],
    });
    return {
      players, managers, width, cols, blockW, boardW, loot, boardH, headingH, block, compact,
      split, laid, height: y, ...PAWN,
    };
  }

  // The rectangle and pawn of a block: the thief's or a manager's. The pawn's turn ring
  // (1.75 times its size, draw.js) stays inside the block and left of the heading's
  // lines, which start at ``nameX``: it ran over the nickname and out of the block. The
  // pawn's number (1.15 times its size) is as large as a card's name: on the projector it
  // was smaller (16 units), the smallest text of the board.
  const PAWN = { pawn: 18, pawnAt: 36, nameX: 76 };
  function frame(c, g, p, at, fill) {
    const turn = c.view.turn !== null && c.view.turn === p.seat;
    return `<rect x="${at.x}" y="${at.y}" width="${g.blockW - 10}" height="${at.h}" rx="10"` +
      ` fill="${fill}" stroke="#111827" stroke-width="${turn ? 5 : 1.5}"/>` +
      c.token(p.seat, at.x + g.pawnAt, at.y + g.pawnAt, g.pawn, 0, turn);
  }
  // A heading's line at ``size`` from ``x`` in block ``at``: squeezed into the block when
  // it would run out of it (a long nickname beside « voleur »: « ☠ Anne-Sophie · voleur »
  // ran out of the thief's block on the projector's board of six players, three blocks a
  // row).
  const roomIn = (g, at, x) => at.x + g.blockW - 20 - x;
  const fitted = (c, g, at, x, text, size, bold) =>
    c.squeezed(text, size * (bold ? 1.1 : 1), roomIn(g, at, x));
  // A heading's nickname (26 units, bold) from ``x`` in block ``at``, whole where it fits.
  const headingName = (c, g, at, x, seat) => c.seatFitted(seat, 26 * 1.1, roomIn(g, at, x));
  // « score : 12 ♛ · main : 3 », the crown for a winner.
  function score(c, p) {
    const crown = (c.view.winners || []).includes(p.seat) ? " ♛" : "";
    return c.h`${c._("score : %(n)s", { n: p.score })}${crown} · ${c._("main : %(n)s", { n: p.hand })}`;
  }

  // The thief: score, hand, their own pile and discard, and the loot.
  function thief(c, g, p) {
    const { h, _, view } = c;
    const at = g.block(g.managers.length);
    const { x, y } = at;
    const x0 = x + g.nameX;
    // « ☠ Anne-Sophie · voleur », « voleur » left to the legend (« ☠ voleur ») when the
    // block is too narrow for it: beside a long nickname it was squeezed to 72 % of its
    // width, three blocks a row.
    const mark = c.textWidth("☠ ", 26 * 1.1);
    const nick = headingName(c, g, at, x0 + mark, p.seat);
    const whole = h`☠ ${nick} · ${_("voleur")}`;
    const name = c.textWidth(whole.text, 26 * 1.1) <= roomIn(g, at, x0) ? whole : h`☠ ${nick}`;
    const piles = h`${_("pioche : %(n)s", { n: view.thief_pile })} · ` +
      h`${_("défausse : %(n)s", { n: (view.thief_discard || []).length })}`;
    let out = `<g class="thief seat-${p.seat}">` + frame(c, g, p, at, "#f3f4f6") +
      `<text x="${x0}" y="${y + 36}" font-size="26" font-weight="700" fill="#111827"` +
      `${fitted(c, g, at, x0, name.text, 26, true)}>${name}</text>` +
      `<text x="${x0}" y="${y + 66}" font-size="22" font-weight="700" fill="#111827"` +
      `${fitted(c, g, at, x0, score(c, p).text, 22, true)}>${score(c, p)}</text>` +
      `<text x="${x0}" y="${y + 92}" font-size="20" fill="#111827"` +
      `${fitted(c, g, at, x0, piles, 20, false)}>${piles}</text>` +
      h`<text x="${x + 12}" y="${y + 126}" font-size="22" font-weight="700" fill="#111827">` +
      h`${_("Butin")}</text>`;
    if (g.compact) out += tiles(c, view.loot || [], x + 12, y + 138);
    else {
      for (const [ident, lx, ly, w, n] of g.loot) {
        out += dataCard(c, ident, x + 12 + lx, y + 138 + ly, w, n);
      }
    }
    if (!(view.loot || []).length) {
      out += `<text x="${x + 100}" y="${y + 126}" font-size="22" fill="#4b5563">—</text>`;
    }
    return out + "</g>";
  }

  // A manager's heading: nickname; score and hand; attacks foiled; turns to skip.
  function heading(c, g, p, at) {
    const { h, _ } = c;
    const { x, y } = at;
    const x0 = x + g.nameX;
    const nick = headingName(c, g, at, x0, p.seat);
    let out = frame(c, g, p, at, "#ffffff") +
      `<text x="${x0}" y="${y + 34}" font-size="26" font-weight="700" fill="#111827"` +
      `${fitted(c, g, at, x0, nick.text, 26, true)}>${nick}</text>` +
      `<text x="${x0}" y="${y + 62}" font-size="20" font-weight="700" fill="#111827"` +
      `${fitted(c, g, at, x0, score(c, p).text, 20, true)}>${score(c, p)}</text>` +
      h`<text x="${x + 12}" y="${y + 88}" font-size="20" fill="#111827">` +
      h`⚔ ${_("attaques déjouées : %(n)s", { n: (p.proofs || []).length })}</text>`;
    if (p.skips) {
      const skips = p.skips === 1 ? _("passe 1 tour") : _("passe %(n)s tours", { n: p.skips });
      out += h`<text x="${x + 12}" y="${y + 112}" font-size="20" font-weight="700" fill="#7f1d1d">` +
        h`⚠ ${skips}</text>`;
    }
    return out;
  }

  // The data of a board (or the loot) on a compact board: a tile per category, its points
  // and how many lie there (« 3 ×2 »), in the category's colour; the names are left to
  // the phones (their boards list them).
  const TILE_W = 66;
  function tiles(c, idents, x, y) {
    let out = "";
    CATS.forEach((category, i) => {
      const here = idents.filter((ident) => (known(c, ident) || {}).category === category);
      if (!here.length) return;
      const tx = x + i * (TILE_W + 6);
      const points = known(c, here[0]).points;
      out += '<g class="card data tile">' +
        `<rect x="${tx}" y="${y}" width="${TILE_W}" height="${CARD_H}" rx="4"` +
        ` fill="${DATA_FILL[category]}" stroke="#111827" stroke-width="1"/>` +
        `<text x="${tx + 8}" y="${y + 22}" font-size="${FS}" font-weight="700" fill="#111827">` +
        c.h`${points}${here.length > 1 ? ` ×${here.length}` : ""}</text></g>`;
    });
    return out;
  }

  // A measure's place on a board's label line: as wide as high (a place 8 to 13 units
  // wide for 30 high, under 18 without its mark, when a compact board held five or six),
  // 4 apart.
  const MARK_W = CARD_H;
  // How wide a count « ×6 » is, in bold (« × » 0.84 of the size, a digit 0.7), and a board's
  // label, its margins included.
  const countW = (n) => Math.ceil(FS * (0.84 + 0.7 * String(n).length)) + 2;
  const labelW = (c, text) => 10 + c.textWidth(text, FS * 1.1) + 8;
  // The places of ``shown`` revealed and ``hidden`` face-down measures in ``room`` units:
  // ``[kind, count, width]`` each, a place each when they fit, else one a kind with its
  // count (« ×6 ») beside it; null when not even those fit.
  function measurePlaces(shown, hidden, room) {
    const each = [...Array(shown).fill(["revealed", 1, MARK_W]),
      ...Array(hidden).fill(["hidden", 1, MARK_W])];
    const width = (places) => places.reduce((sum, [, , w]) => sum + w + 4, 0);
    if (width(each) <= room) return each;
    const kinds = [["revealed", shown], ["hidden", hidden]].filter(([, n]) => n)
      .map(([kind, n]) => [kind, n, MARK_W + (n > 1 ? 4 + countW(n) : 0)]);
    return width(kinds) <= room ? kinds : null;
  }

  // A manager's two boards, one under the other: the data by slot (1 point, then 3, then
  // 5), the security measures on the label's line; the attacked board dashed in red.
  function boards(c, g, p, at) {
    const { h, _, view } = c;
    const natures = [
      ["paper", "✉", _("Papier"), "#fef3c7"], ["digital", "⌨", _("Numérique"), "#dbeafe"]];
    const boardW = g.boardW;
    let out = "";
    let top = at.y + g.headingH;
    for (const [nature, symbol, label, fill] of natures) {
      const b = p.boards[nature];
      const x = at.x + 10;
      const y = top;
      const laid = g.laid.get(p.seat)[nature];
      const bh = g.boardH(b, laid);
      top = y + bh + 6;
      const hit = !!view.attack && view.attack.target === p.seat && view.attack.board === nature;
      const closed = b.opened ? "" : h` · ${_("fermé")}`;
      const shown = b.shown || [];
      const hidden = b.hidden || 0;
      // Security measures: on the label's line, at the right, the revealed ones face up (✔,
      // their names on rows under the data), the others as backs: only their number is
      // public (V4). Where the label's words leave room (right of them: on a compact board
      // they ran over « ⌨ Numérique ⚔ »), a place each (places); else one place a kind, its
      // count beside it (« ▦? ×6 »), the label's word left to the legend if need be.
      let said = h`${symbol} ${label}${hit ? " ⚔" : ""}${closed}`;
      let places = measurePlaces(shown.length, hidden, boardW - 6 - labelW(c, said.text));
      if (!places) {
        const short = h`${symbol}${hit ? " ⚔" : ""}${closed}`;
        places = measurePlaces(shown.length, hidden, boardW - 6 - labelW(c, short.text)) ||
          measurePlaces(shown.length, hidden, Infinity);
        said = short;
      }
      out += `<g class="board board-${nature}">` +
        `<rect x="${x}" y="${y}" width="${boardW}" height="${bh}" rx="8" fill="${fill}"` +
        ` stroke="${hit ? "#991b1b" : "#374151"}" stroke-width="${hit ? 6 : 1.5}"` +
        `${hit ? ' stroke-dasharray="14 6"' : ""}/>` +
        h`<text x="${x + 10}" y="${y + 26}" font-size="${FS}" font-weight="700" fill="#111827">` +
        h`${said}</text>`;
      // the data, a row each (side by side on a split board), by slot
      const ry = y + 36;
      if (g.compact) out += tiles(c, b.data, x + 6, ry);
      else {
        for (const [ident, n, dx, dy, w, tall] of laid.data) {
          out += dataCard(c, ident, x + 6 + dx, ry + dy, w, n, tall);
        }
        // each revealed measure's row under the data, « ✔ » and its name (named on the
        // phones only on a compact board)
        shown.forEach((ident, i) => {
          const [, , dx, dy, w, tall] = laid.shown[i];
          out += '<g class="card measure named">' +
            `<rect x="${x + 6 + dx}" y="${ry + dy}" width="${w}" height="${tall}"` +
            ' rx="4" fill="#bbf7d0" stroke="#166534" stroke-width="2"/>' +
            nameTexts(c, shownLines(c, ident, w), x + 12 + dx, ry + dy, shownSize(w), "#14532d") +
            "</g>";
        });
      }
      let mx = x + boardW - 6 - places.reduce((sum, [, , w]) => sum + w + 4, 0) + 4;
      for (const [kind, n, w] of places) {
        const back = kind === "hidden";
        out += `<g class="card measure ${kind}">` +
          `<rect x="${mx}" y="${y + 4}" width="${MARK_W}" height="${CARD_H}" rx="4"` +
          (back ? ' fill="url(#voleur-back)" stroke="#111827" stroke-width="1.5"/>'
            : ' fill="#bbf7d0" stroke="#166534" stroke-width="2"/>') +
          `<text x="${mx + MARK_W / 2}" y="${y + 26}" font-size="${FS}" font-weight="700"` +
          ` text-anchor="middle" fill="${back ? "#ffffff" : "#14532d"}">${back ? "?" : "✔"}</text></g>`;
        if (n > 1) {
          out += `<text class="count" x="${mx + MARK_W + 4}" y="${y + 26}" font-size="${FS}"` +
            ` font-weight="700" fill="#111827">×${n}</text>`;
        }
        mx += w + 4;
      }
      out += "</g>";
    }
    return out;
  }

  // The grid the board is drawn with. On the projector it is one frame for the whole
  // game, decided from what does not change in it: its players and the room the stage
  // leaves the drawing (draw.js: box). It was laid out from the cards on the boards: as
  // they filled up its width and columns changed (900, 910, 950… 1180 units wide with 3
  // players at 1920×1080, the blocks moving under the class's eyes), and when a name
  // would have come out under READ_PX it was drawn compact, its names gone.
  // For each number of columns (two at least: the header's line), blocks MIN_BLOCK units
  // wide at least, each with room for ROWS rows of cards on its two boards under its
  // heading (8 with 2 or 3 managers, 9 with 4 or 5: a late game's fullest block in bots'
  // games): the frame drawn largest, then grown to fill the box (wider blocks, or taller
  // ones). A manager whose cards outgrow their block (late in a game of six, its revealed
  // measures' rows) has them side by side, on tighter rows (rows: split); a grid row
  // outgrowing even that takes room from the others (grid), and only then the drawing
  // grows (none in 160 games of six; before, 12 in 60 grew, by up to 5 %, their names
  // down to 13.8 px at 1920×1080). At 1920×1080 its names are 25 px with 3 players,
  // 19 with 4 (four blocks a row), 15.2 with 5 or 6 (room for 8 rows only: 16.1 px, but
  // late games of six grew the drawing, 15.4 px). When that frame draws a name under
  // READ_PX, the board is drawn compact from the first move to the last: each board's
  // data as a tile per category (its points and count, the names on the phones),
  // COMPACT_W units a block at least, every text 16 px at 1280×720. There three players'
  // blocks on one row draw the names at 16.6 px, the floor the product asks for text on
  // a projector: blocks MIN_BLOCK 445 units wide made the drawing too wide for the stage
  // (12.7 px); now a long name goes on two lines. Four players or more: 12.4 px at best
  // (compact).
  const MIN_W = 900;
  const MIN_BLOCK = 340;
  const READ_PX = 15;
  const COMPACT_W = 300;
  const ROWS = (managers) => (managers <= 3 ? 8 : 9);
  const HEADING_H = 98 + 24;
  const roomFor = (rows) => HEADING_H + 40 + 6 + 40 + rows * (CARD_H + 4) + 8;
  const COMPACT_ROOM = HEADING_H + 2 * (40 + CARD_H + 4) + 6 + 8;
  function frameFor(box, top, cells, least, room) {
    let best = null;
    for (let cols = 2; cols <= cells; cols++) {
      const rows = Math.ceil(cells / cols);
      const w = Math.max(MIN_W, cols * least + 10);
      const h = top + rows * (room + 12);
      const s = Math.min(box.w / w, box.h / h);
      if (!best || s > best.s) best = { cols, rows, s, w };
    }
    const width = Math.max(best.w, Math.floor(box.w / best.s / 10) * 10);
    const grown = Math.floor((box.h / best.s - top) / best.rows - 12);
    return { width, cols: best.cols, room: Math.max(room, grown), s: best.s };
  }
  function layout(c) {
    const top = header(c).top;
    if (c.narrow || !c.box) return grid(c, top);
    const managers = (c.view.players || []).filter((p) => p.role === "manager").length;
    const cells = managers + 1;
    const full = frameFor(c.box, top, cells, MIN_BLOCK, roomFor(ROWS(managers)));
    const compact = FS * full.s < READ_PX;
    const { width, cols, room } = compact ? frameFor(c.box, top, cells, COMPACT_W, COMPACT_ROOM) : full;
    return grid(c, top, { width, cols, room, compact, fixed: true });
  }

  // The board's header: the round and the piles, then the pending attack, if any (on the
  // projector one line each, the attack's room kept when there is none; on a narrow screen
  // the piles on a line of their own and the attack on as many as it needs). Its HTML and
  // where the grid begins under it.
  function header(c, width = W) {
    const { h, _, view } = c;
    const round = h`${_("Tour %(r)s / %(t)s", { r: view.round, t: view.rounds })}`;
    // « commune »: the thief's block shows his own pile (V3, V5), two counts of one word
    const piles = h`${_("pioche commune : %(n)s", { n: view.pile })} · ` +
      h`${_("défausse : %(n)s", { n: (view.discard || []).length })}`;
    // The target's name goes into the sentence as text, so it is escaped once (the
    // template passes seat_name's HTML into _(): escaped twice).
    const a = view.attack;
    const said = a ? _("Attaque « %(card)s » contre %(name)s, plateau %(board)s", {
      card: cardName(c, a.card), name: c.seatText(a.target),
      board: a.board === "paper" ? _("papier") : _("numérique"),
    }) : "";
    if (!c.narrow) {
      let out = '<text x="10" y="38" font-size="28" font-weight="700" fill="#111827"' +
        `${width < W ? c.squeezed(`${round.text} · ${piles}`, 28 * 1.1, width - 20) : ""}>` +
        `${round} · ${piles}</text>`;
      if (a) {
        out += '<g class="attack">' +
          `<rect x="6" y="54" width="${width - 12}" height="46" rx="8" fill="#fee2e2"` +
          ' stroke="#991b1b" stroke-width="3"/>' +
          `<text x="20" y="86" font-size="24" font-weight="700" fill="#7f1d1d"` +
          `${width < W ? c.squeezed(`⚔ ${c.spaced(said)}`, 24 * 1.1, width - 40) : ""}>` +
          h`⚔ ${said}</text></g>`;
      }
      return { out, top: HEAD };
    }
    const room = NARROW_W - 20;
    let out = [round, piles].map((line, i) => `<text x="10" y="${32 + i * 32}" font-size="26"` +
      ` font-weight="700" fill="#111827"${c.squeezed(line, 26 * 1.1, room)}>${line}</text>`).join("");
    if (!a) return { out, top: 82 };
    const lines = c.wrap(c.spaced(`⚔ ${said}`), 24 * 1.1, room - 28);
    out += '<g class="attack">' +
      `<rect x="6" y="80" width="${NARROW_W - 12}" height="${16 + lines.length * 30}" rx="8"` +
      ' fill="#fee2e2" stroke="#991b1b" stroke-width="3"/>' +
      lines.map((line, i) => `<text x="20" y="${108 + i * 30}" font-size="24" font-weight="700"` +
        ` fill="#7f1d1d"${c.squeezed(line, 24 * 1.1, room - 28)}>${c.show(line)}</text>`).join("") +
      "</g>";
    return { out, top: 80 + 16 + lines.length * 30 + 12 };
  }

  // The board before the host starts the game (the lobby: the server sends round 0,
  // views.py: lobby): how long the game will be and the seats around the table, each its
  // pawn and name, its role only when the host chose the thief (V1); no one's turn marked,
  // no « Tour 1 / 15 » (a lobby drew a game under way, its first seat's turn ringed).
  function lobbyMap(c) {
    const { h, _, view } = c;
    const width = c.narrow ? NARROW_W : W;
    const seats = (view.players || []).map((p) => p.seat);
    const cols = c.narrow ? 1 : seats.length <= 4 ? 2 : 3;
    const blockW = (width - 10) / cols;
    const roles = (view.players || []).some((p) => p.role);
    const blockH = roles ? 96 : 72;
    const top = c.narrow ? 50 : 56;
    const head = h`${_("Partie en %(t)s tours", { t: view.rounds })}`;
    const g = { blockW, ...PAWN };
    let out = `<text x="10" y="${c.narrow ? 32 : 38}" font-size="${c.narrow ? 26 : 28}"` +
      ` font-weight="700" fill="#111827">${head}</text>`;
    (view.players || []).forEach((p, k) => {
      const at = { x: 5 + (k % cols) * blockW, y: top + Math.floor(k / cols) * (blockH + 12),
        h: blockH };
      const x0 = at.x + g.nameX;
      const nick = headingName(c, g, at, x0, p.seat);
      const thief = p.role === "thief";
      out += `<g class="seat seat-${p.seat}">` + frame(c, g, p, at, thief ? "#f3f4f6" : "#ffffff") +
        `<text x="${x0}" y="${at.y + 44}" font-size="26" font-weight="700" fill="#111827"` +
        `${fitted(c, g, at, x0, nick.text, 26, true)}>${nick}</text>`;
      if (p.role) {
        const role = thief ? h`☠ ${_("voleur")}` : h`${_("gestionnaire de données")}`;
        out += `<text x="${x0}" y="${at.y + 76}" font-size="20" fill="#111827"` +
          `${fitted(c, g, at, x0, role.text, 20, false)}>${role}</text>`;
      }
      out += "</g>";
    });
    const rows = Math.ceil(seats.length / cols);
    const height = top + rows * (blockH + 12);
    const title = h`${_("Le Voleur de Données")} — ${head} — ` +
      seats.map((s) => c.seatText(s)).join(c.lang === "en" ? ", " : ", ");
    return `<svg viewBox="0 0 ${width} ${height}" role="img"` +
      ` aria-labelledby="voleur-board-title" class="voleur-board${c.narrow ? " narrow" : ""}">` +
      `<title id="voleur-board-title">${title}</title>${out}</svg>`;
  }

  // The board (public view only): title, the round and the piles, the pending attack, the
  // thief, the managers, then the legend of its symbols.
  function map(c) {
    const { h, _, view } = c;
    if (view.round === 0) return lobbyMap(c);
    const g = layout(c);
    const head = header(c, g.width);
    // French spacing before « : » and « ; » in French only: "Léa: score: 3; Tom…"
    const en = c.lang === "en";
    const seats = g.players.map((p) => {
      const role = p.role === "thief" ? h` (${_("voleur")})` : "";
      return h`${c.seatName(p.seat)}${role}`.text + (en ? ": " : h` : `.text) +
        h`${_("score : %(n)s", { n: p.score })}`.text;
    });
    const title = h`${_("Le Voleur de Données")} — ` +
      h`${_("tour %(r)s sur %(t)s", { r: view.round, t: view.rounds })} — ` +
      seats.join(en ? "; " : h` ; `.text);
    let out = `<svg viewBox="0 0 ${g.width} ${g.height}" role="img"` +
      ` aria-labelledby="voleur-board-title" class="voleur-board${c.narrow ? " narrow" : ""}">` +
      `<title id="voleur-board-title">${title}</title>` +
      '<defs><pattern id="voleur-back" width="10" height="10" patternUnits="userSpaceOnUse"' +
      ' patternTransform="rotate(45)"><rect width="10" height="10" fill="#1e3a8a"/>' +
      '<line x1="0" y1="0" x2="0" y2="10" stroke="#3b82f6" stroke-width="4"/></pattern></defs>' +
      head.out;
    for (const p of g.players) if (p.role === "thief") out += thief(c, g, p);
    g.managers.forEach((p, i) => {
      const at = g.block(i);
      out += `<g class="manager seat-${p.seat}">` + heading(c, g, p, at) + boards(c, g, p, at) +
        "</g>";
    });
    // The entry of a closed board on one line, its words held by no-break spaces: a
    // projector's legend cut « fermé : » from « sans donnée », read as two entries. The
    // others may break between their words: held whole too, the legend took a line more
    // and the board shrank under its least size at 1280×720 (test_voleur_projector); this
    // one after the boards' kinds, the legend wraps at 1280×720 in as many lines as before.
    const closed = h`${_("fermé")}${c.lang === "en" ? ": " : h` : `}${_("sans donnée")}`;
    out += "</svg>" +
      h`<p class="legend">✉ ${_("plateau papier")} · ⌨ ${_("plateau numérique")} · ` +
      String(closed).replace(/ /g, "\u00a0") + h` · 1 3 5 ${_("donnée et ses points")} · ` +
      h`▦?\u00a0${_("mesure cachée")} · ` +
      h`✔\u00a0${_("mesure dévoilée")} · ⚔\u00a0${_("attaque")} · ☠\u00a0${_("voleur")} · ` +
      h`♛\u00a0${_("gagnant")}</p>`;
    // No line of the seats' shapes and names under it: every block of the board has its
    // seat's shape and name (as Hacker's), and the line took two more at 1280×720.
    return out;
  }

  // -- the phone -------------------------------------------------------------------------
  // What lies on a board, in words: its data and their points, the measures revealed, how
  // many are hidden (the owner also reads their own hidden measures).
  function boardSummary(c, b) {
    const { h, _ } = c;
    const names = (idents) => c.safe(idents.map((ident) => c.show(cardName(c, ident))).join(", "));
    let points = 0;
    for (const ident of b.data) points += known(c, ident) ? known(c, ident).points : 0;
    // Points in full (« 5 pts » read as a word of its own); French puts 0 and 1 in the
    // singular (« 0 point »), English only 1.
    const pts = points === 1 ? _("1 point") : points === 0 ? _("0 point")
      : _("%(n)s points", { n: points });
    let out = '<span class="board-summary">';
    if (!b.data.length) out += c.show(_("aucune donnée"));
    else if (b.data.length === 1) out += h`${_("1 donnée")} (${pts})`;
    else out += h`${_("%(n)s données", { n: b.data.length })} (${pts})`;
    if ((b.shown || []).length) out += h` · ✔ ${names(b.shown)}`;
    if ((b.hidden_cards || []).length) {
      out += h` · ${_("cachées :")} ${names(b.hidden_cards)}`;
    } else if (b.hidden) {
      const count = b.hidden === 1 ? _("1 mesure cachée") : _("%(n)s mesures cachées", { n: b.hidden });
      out += h` · ▦ ${count}`;
    }
    return c.safe(out + "</span>");
  }

  // The hand drawn as cards (issue 21): the pupil taps a card, then its target on the
  // table: one of their two boards (a manager, V3) or the data manager to attack (the
  // thief, V5), or « Défausser » when nothing can be played.
  function hand(c, byCard) {
    const { h, _, view, seat } = c;
    const players = view.players || [];
    const BOARD = { paper: ["✉", _("Plateau papier")], digital: ["⌨", _("Plateau numérique")] };
    const kinds = [];
    for (const group of byCard.values()) {
      for (const [a] of group) if (!kinds.includes(a.kind)) kinds.push(a.kind);
    }
    let prompt;
    if (kinds.length === 1 && kinds[0] === "discard") {
      prompt = _("Aucune carte ne peut être jouée : touche une carte, puis « Défausser ».");
    } else if (kinds.includes("attack")) {
      prompt = _("Touche une carte attaque, puis le gestionnaire à attaquer.");
    } else {
      prompt = _("Touche une carte de ta main, puis le plateau où la poser.");
    }
    let out = h`<p class="prompt">${prompt}</p>`;
    // a greyed card says why it cannot be played (a measure before its board holds data,
    // V3; an attack with no board of its nature to rob, V5): a child tapped it in vain
    if ((view.hand || []).some((ident) => !byCard.has(ident))) {
      const thief = (players[view.you] || {}).role === "thief";
      out += h`<p class="idle-why">${thief
        ? _("Une carte grisée ne peut pas être jouée maintenant : aucun plateau de sa nature n'a de donnée à voler sans mesure dévoilée contre elle.")
        : (view.options || {}).measure_board === "matching"
          ? _("Une carte grisée ne peut pas être jouée maintenant : une mesure se pose sur le plateau de sa nature, une fois qu'il a une donnée.")
          : _("Une carte grisée ne peut pas être jouée maintenant : une mesure se pose sur un plateau qui a déjà une donnée.")}</p>`;
    }
    out += `<div class="hand" data-hand role="group" aria-label="${c.attr(_("Ta main"))}">`;
    // each card once, with how many of it the hand holds; greyed when it cannot be played
    for (const [ident, count] of c.tally(view.hand || [])) {
      const face = c.face(ident);
      if (!face) continue;
      out += c.cardTile(face, { pick: byCard.has(ident) ? ident : "", count, idle: !byCard.has(ident) });
    }
    out += "</div>";
    // what to do with each card, shown once it is tapped
    for (const [ident, group] of byCard) {
      const named = cardName(c, ident);
      const kind = group[0][0].kind;
      let said;
      if (kind === "attack") said = _("« %(card)s » : touche le gestionnaire à attaquer.", { card: named });
      else if (kind === "lay") said = _("« %(card)s » : touche le plateau où la poser.", { card: named });
      else said = _("« %(card)s » : touche « Défausser » pour t'en séparer.", { card: named });
      out += `<div class="card-targets" id="targets-${c.attr(ident)}" data-for="${c.attr(ident)}"` +
        ` role="group" aria-label="${c.attr(named)}" hidden>` +
        h`<p class="prompt" tabindex="-1">${said}</p>`;
      for (const [a, label, data] of group) {
        const button = (classes, target) => `<button type="button" class="act target${classes}"` +
          ` data-seat="${c.attr(seat)}" data-target="${c.attr(target)}" data-action="${c.attr(data)}">`;
        if (a.kind === "lay") {
          // one of the pupil's own boards, with what lies on it
          const side = a.board;
          out += button(" board-target", side) + h`<span class="visually-hidden">${label}</span>` +
            h`<span class="target-name" aria-hidden="true">${BOARD[side][0]} ${BOARD[side][1]}</span>` +
            h`<span class="target-info" aria-hidden="true">` +
            h`${boardSummary(c, players[view.you].boards[side])}</span></button>`;
        } else if (a.kind === "attack") {
          // a manager, with the board this attack aims at (V3) and what lies on it
          const t = a.target;
          const side = (known(c, ident) || {}).nature || "";
          out += button("", t) + h`<span class="visually-hidden">${label}</span>` +
            h`<span class="target-name" aria-hidden="true">${c.portraitImg("gestionnaire")}` +
            h`${c.badge(t)}</span><span class="target-info" aria-hidden="true">` +
            h`${BOARD[side][0]} ${BOARD[side][1]} : ${boardSummary(c, players[t].boards[side])}` +
            "</span></button>";
        } else {
          out += button(" discard-target", "discard") + h`${_("Défausser cette carte")}</button>`;
        }
      }
      out += "</div>";
    }
    return out;
  }

  // The attacked manager sees the attack card and taps the measure that counters it (V4);
  // letting it through asks first.
  function defence(c, choices) {
    const { h, _, view, seat } = c;
    const attack = view.attack;
    const board = attack.board === "paper" ? _("Plateau papier") : _("Plateau numérique");
    const attacks = _("Le voleur attaque ton %(board)s avec :", { board: board.toLowerCase() });
    let out = '<div class="prompt attacked">' +
      h`<p>${c.portraitImg("voleur")}${attacks}</p>` +
      `<div class="hand">${c.cardTile(c.face(attack.card))}</div>` +
      h`<p class="effect">${(c.kit.explanations || {})[attack.card]}</p></div>`;
    const counters = choices.filter(([a]) => a.kind === "counter");
    const lets = choices.filter(([a]) => a.kind === "let_through");
    const measure = (c.kit.counters || {})[attack.card] || "";
    const prompt = counters.length ? _("Touche ta mesure pour contrer l'attaque.")
      : _("Tu n'as pas la mesure qui contre cette attaque.");
    out += h`<p class="prompt">${prompt}</p>`;
    if (counters.length) {
      out += `<div class="hand" role="group" aria-label="${c.attr(_("Contrer"))}">`;
      for (const [a, label, data] of counters) {
        const note = a.from === "board" ? _("cachée sur ce plateau") : _("dans ta main");
        out += c.cardTile(c.face(measure), { seat, action: data, label, note });
      }
      out += "</div>" +
        c.plainButtons(lets, seat, false, { let_through: _("Ne pas contrer ? L'attaque réussira.") });
    } else if (lets.length) {
      // nothing to counter with: no choice to offer, only the game to go on
      out += '<div class="buttons">' + lets.map(([, , data]) =>
        h`<button type="button" class="act" data-seat="${seat}" data-action="${data}">` +
        h`${_("Continuer")}</button>`).join("") + "</div>";
    }
    return out;
  }

  // The phone's decision. Measures hidden on another manager's board stay backs: only
  // their number is public (V4).
  function actions(c) {
    const { h, _, view, seat } = c;
    const attack = view.attack;
    const byCard = new Map();
    const defending = [], steals = [], categories = [], others = [];
    for (const choice of c.choices) {
      const a = choice[0];
      if (a.kind === "lay" || a.kind === "attack" || a.kind === "discard") {
        const card = a.card === undefined ? null : a.card;
        if (!byCard.has(card)) byCard.set(card, []);
        byCard.get(card).push(choice);
      } else if (a.kind === "counter" || a.kind === "let_through") defending.push(choice);
      else if (a.kind === "steal" && a.card) steals.push(choice);
      else if (a.kind === "steal") categories.push(choice);
      else others.push(choice);
    }
    let out = h`<p class="your-turn">${_("À toi de jouer !")}</p>`.text;
    if (byCard.size) out += hand(c, byCard);
    if (defending.length && attack) out += defence(c, defending);
    if (steals.length || categories.length) {
      // the thief taps the data card to steal (a whole category in the experts' variant);
      // the victim's nickname as it was given (nothing without one)
      const victim = attack ? attack.target : null;
      if (victim !== null && victim !== undefined) {
        const name = victim < c.names.length ? c.names[victim] : "";
        // the experts' variant takes a whole category: no data card to touch (V5)
        out += h`<p class="prompt">` + (steals.length
          ? h`${_("L'attaque réussit. Touche la donnée à prendre à %(name)s.", { name })}</p>`
          : h`${_("L'attaque réussit. Choisis la catégorie de données à prendre à %(name)s.", { name })}</p>`);
      }
      out += `<div class="hand" role="group" aria-label="${c.attr(_("Données à voler"))}">`;
      // each drawn as the data card it is, but what it says is where it goes: the thief
      // lays nothing on a board (a hand card's « Se pose face visible sur un plateau. »)
      const goes = _("Elle rejoint ton butin.");
      for (const [a, label, data] of steals) {
        out += c.cardTile({ ...c.face(a.card), text: goes }, { seat, action: data, label });
      }
      out += "</div>" + c.plainButtons(categories, seat);
    }
    return out + c.plainButtons(others, seat);
  }

  // -- the game's text under the board -----------------------------------------------------
  // The lines the server wrote (text.py: VoleurText.view, board=False): before round 3,
  // when the thief comes in (V6); a manager's own entry and boards,
  // with their hidden measures (only they see them, V4); the hand; the winners. The rest
  // (the thief, the other boards, the attack, the piles) is drawn on the board. These are
  // the game's own words in each language (not the page's catalogue), seats by nickname,
  // spaced as French wants (c.spaced); no markup.
  const LINE_WORDS = {
    fr: {
      colon: " :",
      thiefComes: "Le voleur entre en jeu au tour %(r)s.", you: " (toi)", misses: "passe",
      thiefWillBe: "Le voleur sera : %(name)s.",
      thiefDrawn: "Le voleur sera tiré au sort au lancement de la partie.",
      boards: { paper: "Plateau papier", digital: "Plateau numérique" },
      categories: ["standard", "hautement confidentielle", "sensible"], none: "aucune donnée",
      shown: "dévoilées", oneShown: "dévoilée", hidden: "tes mesures cachées", oneOwn: "ta mesure cachée", oneHidden: "mesure cachée",
      manyHidden: "mesures cachées", hand: "Ta main", winner: "Gagnant", winners: "Gagnants",
      nouns: { point: ["point", "points"], card: ["carte", "cartes"], proof: ["preuve", "preuves"],
        turn: ["tour", "tours"] },
    },
    en: {
      colon: ":",
      thiefComes: "The thief comes in at round %(r)s.", you: " (you)", misses: "misses",
      thiefWillBe: "The thief will be %(name)s.",
      thiefDrawn: "The thief will be dealt at random when the game starts.",
      boards: { paper: "Paper board", digital: "Digital board" },
      categories: ["standard", "highly confidential", "sensitive"], none: "no data",
      shown: "revealed", oneShown: "revealed", hidden: "your hidden measures", oneOwn: "your hidden measure", oneHidden: "hidden measure",
      manyHidden: "hidden measures", hand: "Your hand", winner: "Winner", winners: "Winners",
      nouns: { point: ["point", "points"], card: ["card", "cards"], proof: ["proof", "proofs"],
        turn: ["turn", "turns"] },
    },
  };
  const POINTS = [1, 3, 5];

  // « 1 carte », « 0 carte », "0 cards", "2 proofs" (engine.counted: French plural from 2
  // on, English but for 1).
  const counted = (c, n, noun, w) => `${n} ${w.nouns[noun][c.many(n) ? 1 : 0]}`;
  // Cards by name in their order, one there more than once named once with how many
  // (« Planning des congés ×3 »), « — » for none (text.py: _names).
  function cardNames(c, idents) {
    const named = new Map();
    for (const ident of idents) {
      const name = cardName(c, ident);
      named.set(name, (named.get(name) || 0) + 1);
    }
    return [...named].map(([name, n]) => (n === 1 ? name : `${name} ×${n}`)).join(", ") || "—";
  }

  // One board on one line: its data by category slot (V2), the slots that hold data only
  // (« aucune donnée » when none does), the measures revealed, the owner's hidden measures
  // (V4) — or how many lie face down.
  function boardLine(c, w, b, label) {
    const byCat = [[], [], []];
    for (const ident of b.data) {
      const card = known(c, ident);
      const slot = card ? CATS.indexOf(card.category) : -1;
      byCat[slot < 0 ? 2 : slot].push(ident);
    }
    const slots = w.categories.flatMap((name, i) =>
      byCat[i].length ? [`${cardNames(c, byCat[i])} (${name}, ${POINTS[i]} point${POINTS[i] > 1 ? "s" : ""})`] : []);
    const parts = [`    ${label}${w.colon} ` + (slots.join(" | ") || w.none)];
    // « dévoilée : X » for one measure, « dévoilées : X, Y » for more (text.py alike)
    const shown = b.shown || [], own = b.hidden_cards || [];
    if (shown.length) parts.push(`${shown.length === 1 ? w.oneShown : w.shown}${w.colon} ${cardNames(c, shown)}`);
    if (own.length) {
      parts.push(`${own.length === 1 ? w.oneOwn : w.hidden}${w.colon} ${cardNames(c, own)}`);
    } else if (b.hidden) {
      parts.push(`${b.hidden} ${b.hidden === 1 ? w.oneHidden : w.manyHidden}`);
    }
    return parts.join(" — ");
  }

  // The seat's hand in words (a line of ``lines``, for screen readers only while the
  // phone draws it as cards: draw.js, screen).
  function handLine(c) {
    const w = LINE_WORDS[c.lang === "en" ? "en" : "fr"];
    return `${w.hand}${w.colon} ${cardNames(c, c.view.hand)}`;
  }

  function lines(c) {
    const view = c.view;
    const w = LINE_WORDS[c.lang === "en" ? "en" : "fr"];
    // no title nor round: the board's header draws the round (« Tour 1 / 15 »), the page's
    // status the game's name; written here too, both were read twice
    const out = [];
    if (view.round === 0) {  // the lobby (lobbyMap): who the thief will be, if chosen (V1)
      out.push(view.thief === null || view.thief === undefined ? w.thiefDrawn
        : w.thiefWillBe.replace("%(name)s", c.seatText(view.thief)));
    }
    if (view.round < view.thief_round) out.push(w.thiefComes.replace("%(r)s", view.thief_round));
    // the seat's own entry, a manager's only: the board draws every seat without its
    // hidden measures
    for (const p of view.players || []) {
      if (p.role === "thief" || p.seat !== view.you) continue;
      const proofs = (p.proofs || []).length;
      const extra = proofs ? `, ${counted(c, proofs, "proof", w)}` : "";
      const skips = p.skips ? `, ${w.misses} ${counted(c, p.skips, "turn", w)}` : "";
      out.push(`${c.seatText(p.seat)}${w.you} — ${counted(c, Math.trunc(p.score), "point", w)}, ` +
        `${counted(c, p.hand, "card", w)}${extra}${skips}`);
      for (const side of ["paper", "digital"]) out.push(boardLine(c, w, p.boards[side], w.boards[side]));
    }
    if ("hand" in view) out.push(handLine(c));
    if (view.winners !== undefined && view.winners !== null) {
      const word = view.winners.length > 1 ? w.winners : w.winner;
      out.push(`${word}${w.colon} ${view.winners.map((s) => c.seatText(s)).join(", ")}`);
    }
    return out.map((line) => c.spaced(line));
  }

  const handSaid = (c) => ("hand" in c.view ? c.spaced(handLine(c)) : null);

  L.game("voleur", { map, actions, lines, hand: handSaid });
})(typeof window !== "undefined" ? window.Ludinum : globalThis.Ludinum);
