// Web Runners in the page (draw.js): the board of W2 as four concentric circles around the
// centre, and the phone's decision. Circles 1-3 are loops walked clockwise from the top
// (cell 0); bridges (W3) join a circle to the next one; the inner circle's numbered cells
// lead to the centre. Cells are placed by rotating a group around the centre; texts are
// turned back upright. Every colour comes with a symbol (W5), every seat with a shape and
// its number.
(function (L) {
  "use strict";
  // The outer circle (385) with a pawn on its cell's outer slot (PAWN_SLOTS: 413 out, 40
  // aside, 414.9 from the centre) and its turn ring (20 × 1.75, its stroke): 451.4.
  const C = 452;
  const RADIUS = { 1: 385, 2: 300, 3: 215, 4: 132 };
  const CELL_R = 27;
  const INNER_R = 24;
  // The centre's disc, as large as the costs to the centre around it allow (COST_R: a cost's
  // ink 83 − 12 from the middle): its flag and its word « CENTRE » at LABEL, the flag's box
  // above the word's (they met by 6 units), the word squeezed within the disc's chord
  // along its baseline (CENTRE_BASE).
  const CENTRE_R = 58;
  const CENTRE_FONT = 29;
  // Every cell's label (number, symbol, bridge cost) and every word of the board: 29 units,
  // 16.3 px on a 1280×720 projector, 16 px being the least the projector promises there
  // (24 at 1920×1080: 27.2 px). At 27 units they read at 15.2 px there (the board taking
  // the height its legend and a long narration leave it, board.css), 25.3 px at 1080p;
  // 20 and 22 were 18.3 and 20.1 px at 1080p. 30 px on a phone's enlarged board.
  const LABEL = 29;
  // A label's baseline below its middle (its capitals' middle on its middle).
  const BASE = 10;
  // The cost of a way to the centre (W4), midway between the centre and the inner circle's
  // cells, at LABEL (it was 14 units, 12.8 px at 1080p), on a white halo where its dashed
  // way runs under it; not bold: a bold cost's box at LABEL (41 units wide, 34 high) met an
  // inner cell's disc by a unit on a slanted way (the room between the centre's disc and
  // the cells is 50 units deep); not bold, 36 wide, it stays clear of both, in the labels'
  // dark ink (it was grey, bold).
  const COST_R = (CENTRE_R + RADIUS[4] - INNER_R) / 2;
  const STYLES = {
    start: ["#e5e7eb", "▶"], red: ["#fca5a5", "⊘"], yellow: ["#fde047", "↻"],
    orange: ["#fdba74", "+3"], green: ["#86efac", "⇄"], none: ["#ffffff", ""],
  };

  // The fixed geometry, computed once from the kit's layout.
  const shapes = new WeakMap();
  function geometry(kit) {
    let g = shapes.get(kit);
    if (g) return g;
    const cells = kit.layout || [];
    const ring = cells.filter((c) => c.kind === "cell");
    const inner = cells.filter((c) => c.kind === "inner");
    const sizes = {};
    for (const c of ring) sizes[c.circle] = c.size;
    const firstInner = {};
    for (const c of [...inner].reverse()) firstInner[c.number] = c.index;
    const centreBars = {};
    for (const w of cells.filter((c) => c.kind === "centre")) centreBars[w.number] = w.bars;
    // the middles of every cell's label and of every cost to the centre (W4), on the board
    const spot = (radius, turn) => [C + radius * Math.sin(turn * Math.PI / 180), C - radius * Math.cos(turn * Math.PI / 180)];
    const places = ring.map((c) => ({ cell: c, angle: 360 * c.index / c.size, radius: RADIUS[c.circle] }))
      .concat(inner.map((c) => ({ cell: c, angle: 360 * c.index / c.size, radius: RADIUS[4] })));
    for (const p of places) p.at = spot(p.radius, p.angle);
    // with half the width of its text (cellLabel: bold for an inner cell's number and a
    // bridge's cost)
    const half = (c) => c.kind === "inner" ? inkHalf(String(c.number), true)
      : c.bars ? inkHalf(`P${c.bars}`, true) : inkHalf((STYLES[c.colour] || [])[1] || String(c.index), false);
    const labels = places.map((p) => [...p.at, half(p.cell)])
      .concat(inner.map((c) => [...spot(COST_R, 360 * c.index / c.size), inkHalf("P3", false)]));
    g = { ring, inner, sizes, firstInner, centreBars, places, labels, bridges: cells.filter((c) => c.kind === "bridge") };
    shapes.set(kit, g);
    return g;
  }
  const mod = (a, n) => ((a % n) + n) % n;
  // Half the width of a label's text at LABEL, in DejaVu Sans (board.css): its characters'
  // advances (a digit 0.636 of the size, 0.696 in bold, « P » 0.733, « + » 0.838, a
  // symbol ▶ ⊘ ↻ ⇄ 0.84 at most).
  const ADVANCE = { P: 0.733, "+": 0.838 };
  const inkHalf = (text, bold) => LABEL / 2 * [...text].reduce((sum, ch) =>
    sum + (ADVANCE[ch] || (ch >= "0" && ch <= "9" ? (bold ? 0.696 : 0.636) : 0.84)), 0);
  // The ink of a label (a cell's number, symbol or bridge cost, a cost to the centre)
  // ``half`` as wide as inkHalf says, whose middle is (x, y), its baseline BASE below: its
  // capitals 21 high, a symbol's foot 2 below the baseline.
  const ink = (x, y, half) => [[x - half, y - 12], [x + half, y - 12], [x + half, y + 12], [x - half, y + 12]];
  // Whether two convex outlines (lists of points) stand ``gap`` apart at least along one of
  // their edges' normals (the separating axis theorem: then they do not meet).
  function apart(a, b, gap) {
    for (const pts of [a, b]) {
      for (let k = 0; k < pts.length; k++) {
        const [x, y] = pts[k];
        const [u, v] = pts[(k + 1) % pts.length];
        const n = Math.hypot(v - y, x - u) || 1;
        const nx = (v - y) / n, ny = (x - u) / n;
        let aLow = Infinity, aHigh = -Infinity, bLow = Infinity, bHigh = -Infinity;
        for (const [px, py] of a) { const d = px * nx + py * ny; aLow = Math.min(aLow, d); aHigh = Math.max(aHigh, d); }
        for (const [px, py] of b) { const d = px * nx + py * ny; bLow = Math.min(bLow, d); bHigh = Math.max(bHigh, d); }
        if (aHigh + gap <= bLow || bHigh + gap <= aLow) return true;
      }
    }
    return false;
  }
  // A pawn's slots further round its cell, when its four are not clear (the inner circle):
  // 48 and 58 from the cell's middle, every 15°, the outer side first.
  const MORE_SLOTS = [];
  for (const d of [48, 58]) {
    for (let k = 0; k <= 12; k++) {
      for (const side of k && k < 12 ? [-1, 1] : [1]) {
        const a = side * k * 15 * Math.PI / 180;
        MORE_SLOTS.push([Math.round(d * Math.sin(a)), Math.round(-d * Math.cos(a))]);
      }
    }
  }

  // A cell's colour and its label (W5: a symbol with every colour; a bridge's cost, P1 to
  // P3; else its number, a little paler): ``text`` (HTML) and its ``size``, ``attrs``.
  function cellLabel(c, cell) {
    if (cell.kind === "inner") {
      return { fill: "#ddd6fe", label: { text: String(cell.number), size: LABEL, attrs: ` font-size="${LABEL}" font-weight="700"` } };
    }
    const [fill, symbol] = STYLES[cell.colour] || ["#ffffff", ""];
    if (cell.bars) return { fill, label: { text: `P${cell.bars}`, size: LABEL * 1.1, attrs: ` font-size="${LABEL}" font-weight="700"` } };
    if (symbol) return { fill, label: { text: c.show(symbol), size: LABEL, attrs: ` font-size="${LABEL}"` } };
    return { fill, label: { text: String(cell.index), size: LABEL, attrs: ` font-size="${LABEL}" fill-opacity="0.8"` } };
  }

  // The fixed layer: circles, bridges, cells and the centre (W2–W5).
  function ground(c) {
    const { h, num, _ } = c;
    const g = geometry(c.kit);
    let out = `<svg viewBox="0 0 ${2 * C} ${2 * C}" aria-hidden="true" focusable="false" class="webrunners-board board-ground">`;
    out += '<defs><marker id="wr-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#374151"/></marker></defs>';
    for (const k of [1, 2, 3, 4]) {
      out += `<circle cx="${C}" cy="${C}" r="${RADIUS[k]}" fill="none" stroke="#e5e7eb" stroke-width="${2 * CELL_R + 8}"/>`;
    }
    // bridges: down from the entry cell, along the gap between the circles, down to the exit
    for (const b of g.bridges) {
      const a1 = 360 * b.entry / g.sizes[b.circle];
      const a2 = b.circle === 3 ? 360 * (g.firstInner[b.exit] || 0) / g.inner.length : 360 * b.exit / g.sizes[b.circle + 1];
      const innerEdge = RADIUS[b.circle + 1] + (b.circle === 3 ? INNER_R : CELL_R);
      const gap = RADIUS[b.circle] - CELL_R - innerEdge;
      const mid = innerEdge + gap * b.bars / 4;
      const d = mod(a2 - a1, 360);
      const [start, sweep] = d <= 180 ? [a1, d] : [a2, 360 - d];
      out += `<g class="bridge bars-${b.bars}" stroke="#374151" fill="none" stroke-width="5" stroke-linecap="round">` +
        `<line x1="${C}" y1="${C - RADIUS[b.circle] + CELL_R}" x2="${C}" y2="${num(C - mid)}" transform="rotate(${num(a1)} ${C} ${C})"/>` +
        `<circle cx="${C}" cy="${C}" r="${num(mid)}" stroke-dasharray="${(sweep * 3.14159265 * mid / 180).toFixed(1)} 10000" transform="rotate(${num(start - 90)} ${C} ${C})"/>` +
        `<line x1="${C}" y1="${num(C - mid)}" x2="${C}" y2="${C - innerEdge - 4}" marker-end="url(#wr-arrow)" transform="rotate(${num(a2)} ${C} ${C})"/></g>`;
    }
    // ways from the inner circle to the centre, with the bridge cards they cost (W4)
    for (const cell of g.inner) {
      out += `<g transform="rotate(${num(360 * cell.index / cell.size)} ${C} ${C})"><line x1="${C}" y1="${C - RADIUS[4] + INNER_R}" x2="${C}" y2="${C - CENTRE_R}" stroke="#9ca3af" stroke-width="3" stroke-dasharray="6 4"/></g>`;
    }
    // cells of circles 1-3
    for (const cell of g.ring) {
      const angle = 360 * cell.index / cell.size;
      const y = C - RADIUS[cell.circle];
      const { fill, label } = cellLabel(c, cell);
      out += `<g class="cell cell-${c.attr(cell.colour)}" transform="rotate(${num(angle)} ${C} ${C})">` +
        `<circle cx="${C}" cy="${y}" r="${CELL_R}" fill="${fill}" stroke="#374151" stroke-width="${cell.bars ? 4 : 1.5}"/>` +
        `<text transform="rotate(${num(-angle)} ${C} ${y})" x="${C}" y="${y + BASE}" text-anchor="middle" fill="#111827"${label.attrs}>${label.text}</text></g>`;
    }
    // inner circle: numbered cells
    for (const cell of g.inner) {
      const angle = 360 * cell.index / cell.size;
      const y = C - RADIUS[4];
      out += `<g class="cell cell-inner" transform="rotate(${num(angle)} ${C} ${C})">` +
        `<circle cx="${C}" cy="${y}" r="${INNER_R}" fill="#ddd6fe" stroke="#374151" stroke-width="1.5"/>` +
        `<text transform="rotate(${num(-angle)} ${C} ${y})" x="${C}" y="${y + BASE}" font-size="${LABEL}" font-weight="700" text-anchor="middle" fill="#111827">${cell.number}</text>` +
        `<text transform="rotate(${num(-angle)} ${C} ${C - COST_R})" x="${C}" y="${C - COST_R + BASE}" font-size="${LABEL}" text-anchor="middle" fill="#111827" stroke="#ffffff" stroke-width="5" paint-order="stroke">P${g.centreBars[cell.number] === undefined ? "" : g.centreBars[cell.number]}</text></g>`;
    }
    // the centre: its flag above its word, their boxes apart (FLAG_BASE, CENTRE_BASE)
    out += `<circle cx="${C}" cy="${C}" r="${CENTRE_R}" fill="#fde68a" stroke="#111827" stroke-width="3"/>` +
      `<text x="${C}" y="${C - FLAG_BASE}" font-size="${CENTRE_FONT}" text-anchor="middle" fill="#111827">⚑</text>` +
      centreWord(c, "") + "</svg>";
    return out;
  }

  // The centre's word, under its flag; ``attrs`` for the copy drawn again above a winner's
  // turn ring (map). The word (« CENTRE », 116 units wide at 29 in DejaVu Sans) drawn 104
  // wide, within the disc's chord along its baseline, 2 √(56.5² − 24²) ≈ 102 (its capitals'
  // top, 21 above it, wider); the flag's box (1.16 times its size, 0.24 of it under its
  // baseline) ends above the word's, 34 apart.
  const FLAG_BASE = 10;
  const CENTRE_BASE = 24;
  function centreWord(c, attrs) {
    return c.h`<text x="${C}" y="${C + CENTRE_BASE}" font-size="${CENTRE_FONT}" text-anchor="middle" fill="#111827" textLength="102" lengthAdjust="spacingAndGlyphs"${c.safe(attrs)}>${c._("CENTRE")}</text>`.text;
  }

  // The legend of the fixed layer.
  function legend(c) {
    const _ = c._;
    return `▶ ${c.show(_("départ (START)"))} · ⊘ ${c.show(_("rouge : immunité"))} · ↻ ${c.show(_("jaune : rejoue"))} · +3 ${c.show(_("orange : pioche 3"))} · ⇄ ${c.show(_("vert : défausse et repioche"))} · P1 P2 P3 ${c.show(_("pont : cartes PONT à payer"))} · 1 2 5 10 ${c.show(_("cercle intérieur"))} · ⚑ ${c.show(_("centre"))}`;
  }

  // Where the pawns stand, each around its cell: on one of its cell's slots clear of the
  // other pawns (APART between middles, and their outlines, draw.js: outline, GAP apart),
  // of every label's ink (a cell's number, symbol or bridge cost, a cost to the centre:
  // ink, GAP away), of the centre's disc and of the board's edge. The four slots
  // (PAWN_SLOTS: 40 aside, 28 out or in, the outer ones first) are clear on circles 1 to 3
  // (28 + 27 = 55 < 85 − 27 from the next circles' cells); the inner circle, curved tighter,
  // close to circle 3 and to the costs to the centre (W4), takes slots further round its
  // cell when they are not (MORE_SLOTS). The pawns of one cell are placed together, in
  // seat order, each on the first slot clear for it, going back to an earlier pawn's next
  // slot when a later one finds none: taken one by one, the first pawns of four on an
  // inner cell left the others no clear slot, and the fourth stood over its cell's cost
  // « P1 ». Pawns that find no clear slots (none in the tests' crowds: every cell, one to
  // four pawns) each take the first slot clear of the other pawns. The winner at the
  // centre stands on its disc where the flag is (FLAG_SLOT), the word « CENTRE » read
  // under it (it stood on the disc's left, over the word and a cost); the word is drawn
  // again above its turn ring. For each seat: its cell's angle and circle's radius, the
  // slot in its cell's frame and the pawn's middle on the board.
  const PAWN_R = 20;
  const PAWN_SLOTS = [[-40, -28], [40, -28], [-40, 28], [40, 28]];
  const SLOTS = PAWN_SLOTS.concat(MORE_SLOTS);
  // On the flag (baseline FLAG_BASE above the middle): the pawn (20, 21 for a disc) ends
  // 9 above the middle, clear of the word (its capitals' top 3 below it); its turn ring
  // (35) ends 5 below, the word drawn again above it (map), and 7 from the costs around
  // (COST_R).
  const FLAG_SLOT = [0, -30];
  const APART = 2 * 1.05 * PAWN_R + 4;  // two pawns' middles at least this far apart
  // Between a pawn's outline and another's, or a label's ink: their strokes (1 each) and a
  // margin. Labels further than REACH from a pawn's middle are not measured (its outline
  // reaches 1.4 r from it, a label's ink 23 from its middle).
  const GAP = 2;
  const REACH = 1.4 * PAWN_R + 23 + GAP;
  // How many slots a cell's pawns try at most (893 in the tests' crowds: every cell, every
  // set of one to four seats), before they take the first slots clear of the other pawns.
  const TRIES = 5000;
  function arrange(g, pawns, outline) {
    const spots = new Array(pawns.length);
    const placed = [];  // [middle, outline] of each pawn placed
    const onBoard = ([x, y]) => Math.hypot(x - C, y - C) <= C - 1.75 * PAWN_R - 1.5 &&
      Math.hypot(x - C, y - C) >= CENTRE_R + 30;
    const unlabelled = (shape, [x, y]) => g.labels.every(([lx, ly, half]) =>
      Math.hypot(x - lx, y - ly) >= REACH || apart(shape, ink(lx, ly, half), GAP));
    const alone = (shape, [x, y]) => placed.every(([[px, py], other]) =>
      Math.hypot(x - px, y - py) >= APART && apart(shape, other, GAP));
    const cells = new Map();  // the seats on each cell, in seat order
    pawns.forEach((p, seat) => {
      const key = p[0] + "-" + p[1];
      cells.set(key, (cells.get(key) || []).concat([seat]));
    });
    for (const seats of cells.values()) {
      const p = pawns[seats[0]];
      const atCentre = p[0] === 5;
      const angle = atCentre ? 0 : p[0] === 4 ? 360 * (g.firstInner[p[1]] || 0) / (g.inner.length || 9)
        : 360 * p[1] / (g.sizes[p[0]] || 24);
      const radius = atCentre ? 0 : RADIUS[p[0]];
      const a = angle * Math.PI / 180;
      // where a slot puts the pawn on the board (the cell's frame turned by its angle)
      const at = ([dx, dy]) => [C + dx * Math.cos(a) - (dy - radius) * Math.sin(a),
        C + dx * Math.sin(a) + (dy - radius) * Math.cos(a)];
      const put = (seat, slot) => {
        const point = at(slot);
        spots[seat] = { angle, radius, slot, point };
        placed.push([point, outline(seat, point[0], point[1], PAWN_R)]);
      };
      if (atCentre) {
        for (const seat of seats) put(seat, FLAG_SLOT);
        continue;
      }
      // each seat's slots clear of the labels, the board's edge and the centre
      const options = seats.map((seat) => SLOTS.map((slot) => [slot, at(slot)]).filter(([, point]) =>
        onBoard(point) && unlabelled(outline(seat, point[0], point[1], PAWN_R), point)));
      let tries = TRIES;
      const go = (i) => {
        if (i === seats.length) return true;
        for (const [slot, point] of options[i]) {
          if (--tries < 0) return false;
          const shape = outline(seats[i], point[0], point[1], PAWN_R);
          if (!alone(shape, point)) continue;
          put(seats[i], slot);
          if (go(i + 1)) return true;
          placed.pop();
        }
        return false;
      };
      if (go(0)) continue;
      for (const seat of seats) {
        put(seat, PAWN_SLOTS.find((slot) => placed.every(([[px, py]]) =>
          Math.hypot(at(slot)[0] - px, at(slot)[1] - py) >= APART)) || PAWN_SLOTS[placed.length % 4]);
      }
    }
    return spots;
  }

  // What moves, over the fixed layer (same viewBox): the pawns, the title, the legend.
  function map(c) {
    const { h, _, view } = c;
    const g = geometry(c.kit);
    const pawns = view.pawns || [];
    const characters = view.characters || [];
    const where = pawns.map((p, seat) => {
      const spot = p[0] === 5 ? _("au centre") : p[0] === 4
        ? _("cercle intérieur, case « %(n)s »", { n: p[1] }) : _("cercle %(c)s, case %(n)s", { c: p[0], n: p[1] });
      return c.lang === "en" ? h`${c.seatName(seat)}: ${spot}`.text : h`${c.seatName(seat)} : ${spot}`.text;
    });
    let title = h`${_("Plateau de Web Runners")} — `.text + where.join(c.lang === "en" ? "; " : h` ; `.text);
    if (view.winner !== null && view.winner !== undefined) {
      title += h` — ${_("%(name)s a gagné !", { name: c.seatText(view.winner) })}`.text;
    }
    let out = `<svg viewBox="0 0 ${2 * C} ${2 * C}" role="img" aria-labelledby="webrunners-board-title" class="webrunners-board">`;
    out += `<title id="webrunners-board-title">${title}</title>`;
    // Pawns: around their cell, never on it, so that its number, symbol or bridge cost
    // reads under them (arrange: where each stands). A pawn's number reads at PAWN_FONT,
    // as large as a cell's label (it was 17.8 px on a 17-unit pawn at 1920×1080).
    const PAWN_FONT = LABEL;
    const spots = arrange(g, pawns, c.outline);
    const rings = [];  // where the turn rings are
    const occupied = new Map();  // the cells with a pawn, ringed
    let drawn = "";
    // The pawn an enlarged board opens on (app.js: zoomBoard): a phone's own, else whose turn.
    const mine = c.seat !== null && c.seat !== undefined ? c.seat : view.current;
    pawns.forEach((p, seat) => {
      const here = seat === view.current || seat === view.winner;
      const { angle, radius, slot: [dx, dy], point } = spots[seat];
      if (here) rings.push(point);
      if (seat === mine) drawn += '<g class="zoom-to">';
      if (p[0] === 5) {
        drawn += c.token(seat, C + dx, C + dy, PAWN_R, 0, seat === view.winner, PAWN_FONT);
      } else {
        const y = C - radius;
        drawn += `<g transform="rotate(${c.num(angle)} ${C} ${C})">${c.token(seat, C + dx, y + dy, PAWN_R, -angle, here, PAWN_FONT)}</g>`;
        const cell = p[0] === 4 ? g.inner.find((x) => x.number === p[1])
          : g.ring.find((x) => x.circle === p[0] && x.index === p[1]);
        if (cell) occupied.set(p[0] + "-" + p[1], { cell, angle, radius });
      }
      if (seat === mine) drawn += "</g>";
    });
    // A cell with a pawn beside it is ringed in dark ink, the pawns leaning on its ring:
    // which cell a pawn stands on reads at a glance, not only which cells it is between.
    for (const { angle, radius, cell } of occupied.values()) {
      const x = C + radius * Math.sin(angle * Math.PI / 180);
      const y = C - radius * Math.cos(angle * Math.PI / 180);
      const r = (cell.kind === "inner" ? INNER_R : CELL_R) + 3;
      out += `<circle class="cell-taken" cx="${c.num(x)}" cy="${c.num(y)}" r="${r}" fill="none" stroke="#111827" stroke-width="5"/>`;
    }
    out += drawn;
    // A turn ring crosses the labels of its pawn's cell and of cells near it: they are drawn
    // again above it, upright on a halo of the cell's colour (the pawns themselves stay
    // clear of them).
    const crossed = g.places.filter((p) => rings.some(([x, y]) =>
      Math.hypot(p.at[0] - x, p.at[1] - y) < 1.75 * PAWN_R + 2 + 27));
    for (const { cell, at: [x, y] } of crossed) {
      const { fill, label } = cellLabel(c, cell);
      out += `<text class="cell-label" x="${c.num(x)}" y="${c.num(y + BASE)}" text-anchor="middle" fill="#111827" stroke="${fill}" stroke-width="6" paint-order="stroke"${label.attrs}>${label.text}</text>`;
    }
    if (pawns.some((p) => p[0] === 5)) {
      out += centreWord(c, ' class="cell-label" stroke="#fde68a" stroke-width="6" paint-order="stroke"');
    }
    out += "</svg>";
    out += `<p class="legend">${legend(c)}</p>`;
    const seats = pawns.map((_p, seat) => {
      // the nickname kept whole (« Marie-Ange », not « Marie- / Ange »: app.css .nick)
      let line = `${c.glyph(seat)} <span class="nick">${c.seatName(seat)}</span>`;
      if (characters[seat]) line += c.show(c.lang === "en" ? ":" : " :") + h` ${c.kit.characters[characters[seat]] || ""}`.text;
      if (seat === view.current && view.phase !== "over") line += h` ⟵ ${_("à son tour")}`.text;
      return line;
    });
    out += `<p class="legend">${seats.join(" · ")}</p>`;
    return out;
  }

  // The setup in large type on the shared screens (W15, W13): what the table is choosing
  // now. The two questions that choose who starts (each answers in secret, on a phone or the shared device:
  // nothing here says what anyone answered, nor whether the first one was a tie), then
  // who chooses a character and which ones are still free. A phone asks its own question.
  function spotlight(c) {
    const { h, _, view } = c;
    if (c.seat !== null) return "";
    let title, question, note;
    if (view.phase === "setup_accounts" || view.phase === "setup_phone") {
      const first = view.phase === "setup_accounts";
      title = _("Qui commence ? Question %(n)s sur 2", { n: first ? 1 : 2 });
      question = first ? _("Combien as-tu de comptes sur les réseaux sociaux ?")
        : _("À quel âge as-tu eu ton premier téléphone ?");
      note = first ? _("Chacun répond en secret : celui ou celle qui a le moins de comptes commence.")
        : _("Chacun répond en secret : en cas d'égalité à la première question, celui ou celle qui l'a eu le plus tard commence.");
    } else if (view.phase === "setup_character" && given((view.pending || {}).seat)) {
      const taken = new Set(view.characters || []);
      const free = Object.keys(c.kit.characters || {}).filter((ch) => !taken.has(ch))
        .map((ch) => c.kit.characters[ch]);
      title = _("Choix des personnages");
      question = _("%(name)s choisit son personnage.", { name: c.seatText(view.pending.seat) });
      note = _("Encore libres : %(names)s. Chaque personnage a un pouvoir, à utiliser une fois dans la partie.", { names: free.join(", ") });
    } else {
      return "";
    }
    return '<div class="spotlight quiz setup">' + h`<p class="quiz-title">${title}</p>`.text +
      `<p class="quiz-question">${L.draw.nicks(c.show(question), c.names)}</p>` + h`<p class="setup-note">${note}</p>`.text + "</div>";
  }

  // The phone's decision: every prompt says who, with what, and what happens next. A
  // target is a seat drawn as everywhere with its character; an attacked pupil sees who
  // attacks with which card and its effect (W8–W11). Cards are drawn as cards, tapped to
  // play; staying in place (asked first) and White Hat's power are buttons below.
  const OWN_TURN = new Set(["move", "stay", "attack", "pay", "discard", "whitehat", "cross"]);
  function decision(c) {
    const targets = [], others = [], extra = [], byCard = new Map();
    // A crossing (W3) is played with the bridge cards in hand: each of them is tapped to
    // cross, as a movement card is tapped to move (the action names no card: every bridge
    // card of the hand sends the same one).
    const bridges = [...new Set(c.view.hand || [])].filter((id) => (c.face(String(id)) || {}).symbol === "P");
    for (const choice of c.choices) {
      const action = choice[0];
      const card = action.card;
      if (action.kind === "cross" && bridges.length) {
        for (const id of bridges) {
          if (!byCard.has(id)) byCard.set(id, []);
          byCard.get(id).push(choice);
        }
      } else if (action.kind === "target" || action.kind === "influence") targets.push(choice);
      else if ((action.kind === "stay" || action.kind === "whitehat") && card) extra.push(choice);
      else if (card && c.face(String(card))) {
        if (!byCard.has(String(card))) byCard.set(String(card), []);
        byCard.get(String(card)).push(choice);
      } else others.push(choice);
    }
    const own = [...byCard.values()].some((group) => group.some((ch) => OWN_TURN.has(ch[0].kind))) ||
      extra.some((ch) => OWN_TURN.has(ch[0].kind));
    const idle = [];
    if (own) {
      for (const card of c.view.hand || []) if (!byCard.has(card) && idle.indexOf(card) < 0) idle.push(card);
    }
    return { targets, others, extra, idle, own, byCard: [...byCard.entries()], influence: targets.some((ch) => ch[0].kind === "influence") };
  }

  function shortAnswer(c, action) {
    const en = c.lang === "en";
    if (action.kind === "accounts") {
      const n = action.n;
      if (n === 0) return en ? "None" : "Aucun";
      return n === 10 ? `${n}${en ? " or more" : " ou plus"}` : String(n);
    }
    const age = action.age;
    if (age === 0) return en ? "Not yet" : "Pas encore";
    return en ? String(age) : `${age} ans`;
  }

  // What a step asks when the cards alone do not say it: whose cards these are and what a
  // tap does with them (W5 green, W8 Hacking, W9 Surveillance, W10 Bug, W13 powers, W3 pay),
  // and on a plain turn that a card is played by tapping it (``d``: the decision drawn).
  function stepPrompt(c, d) {
    const { _, view } = c;
    const pending = view.pending || {};
    const attack = pending.attack || {};
    const kinds = new Set(c.choices.map((ch) => ch[0].kind));
    switch (view.phase) {
      case "hack":
        if (kinds.has("take")) return _("Touche une carte de la main de %(name)s pour la prendre (2 au plus), ou « Terminer ».", { name: c.seatText(pending.victim) });
        if (kinds.has("give")) return _("Touche une carte de ta main à donner à %(name)s en échange.", { name: c.seatText(pending.victim) });
        return _("Touche « Terminer » pour faire l'échange.");
      case "surveil":
        if (kinds.has("keep")) return _("Touche une carte piochée pour la garder (2 au plus) ; les autres iront à la défausse.");
        if (kinds.has("give")) return _("Touche une carte de ta main à défausser en échange.");
        return _("Touche « Terminer » pour garder tes cartes.");
      case "green":
        return _("Case verte : touche les cartes à défausser, une à une ; tu en repioches autant à la fin.");
      case "geek":
        return _("Pouvoir Geekcolo : touche la carte de la défausse à récupérer.");
      case "pay": {
        // W3: how many PONT cards the bridge still costs (a 3-bar bridge takes 3 taps).
        const left = Number(pending.left) || 0;
        if (left === 1) return _("Il reste 1 carte PONT à payer pour franchir le pont : touche-la.");
        if (left > 1) return _("Il reste %(n)s cartes PONT à payer pour franchir le pont : touche-les une à une.", { n: left });
        return _("Touche les cartes PONT à jouer pour franchir le pont.");
      }
      case "convert":
        return _("Pouvoir White Hat : choisis comment jouer ta carte.");
      case "main":
        // A normal turn showed « À toi de jouer ! » above the cards and nothing more.
        return d && d.own && d.byCard.length ? _("Touche une carte pour la jouer.") : "";
      case "distance": {
        const victim = given(attack.returned_by) ? attack.by : attack.target;
        return given(victim) ? _("Choisis de combien de cases faire reculer %(name)s.", { name: c.seatText(victim) }) : "";
      }
      default:
        return "";
    }
  }

  function actions(c) {
    const { h, _, view, seat } = c;
    const attack = (view.pending || {}).attack;
    const me = view.you;
    const chars = view.characters || [];
    const hands = view.hand_sizes || [];
    const d = decision(c);
    let out = h`<p class="your-turn">${_("À toi de jouer !")}</p>`.text;
    if (attack) {
      const card = c.kit.titles[attack.card] || attack.card;
      out += `<div class="prompt${attack.target === me && attack.by !== me ? " attacked" : ""}">`;
      if (attack.by === me) {
        out += h`<p>${_("Tu attaques avec « %(card)s ».", { card })}${d.targets.length ? h` ${_("Touche le joueur à viser.")}` : ""}</p>`.text;
      } else if (attack.target === me) {
        out += h`<p>${c.badge(attack.by)} ${_("t'attaque avec « %(card)s ».", { card })}</p>`.text;
      } else {
        out += h`<p>${c.badge(attack.by)} ${_("joue « %(card)s ».", { card })}</p>`.text;
      }
      const effect = c.kit.effects[attack.effect] || "";
      if (effect) out += h`<p class="effect">${_("Effet : %(effect)s", { effect })}</p>`.text;
      out += "</div>";
    }
    // W15: the text's two questions that choose who starts, asked as questions.
    if (view.phase === "setup_accounts") {
      out += h`<div class="prompt"><p>${_("Combien as-tu de comptes sur les réseaux sociaux ? Celui ou celle qui en a le moins commence.")}</p></div>`.text;
    } else if (view.phase === "setup_phone") {
      out += h`<div class="prompt"><p>${_("À quel âge as-tu eu ton premier téléphone ? En cas d'égalité, celui ou celle qui l'a eu le plus tard commence.")}</p></div>`.text;
    }
    const step = stepPrompt(c, d);
    if (step) out += `<div class="prompt step"><p>${L.draw.nicks(c.show(step), c.names)}</p></div>`;
    if (!attack && d.influence) {
      out += h`<div class="prompt"><p>${_("Pouvoir Influenceuse : touche un voisin pour lui prendre une carte au hasard, sans lui en rendre.")}</p></div>`.text;
    }
    if (d.targets.length) {
      out += h`<div class="targets" role="group" aria-label="${_("Joueurs")}">`.text;
      for (const [action, , data] of d.targets) {
        const s = action.seat;
        const ch = s < chars.length && chars[s] ? chars[s] : "";
        const held = s < hands.length ? hands[s] : 0;
        const info = (ch ? h`${c.kit.characters[ch] || ""} · ` : "") +
          c.show(c.many(held) ? _("%(n)s cartes en main", { n: held }) : _("%(n)s carte en main", { n: held })) +
          (action.kind === "influence" ? h` · ${_("lui prendre une carte")}` : "");
        out += `<button type="button" class="act target" data-seat="${seat}" data-action="${c.attr(data)}">` +
          `<span class="target-name">${ch ? c.portraitImg(ch) : ""}${c.badge(s)}</span>` +
          `<span class="target-info">${info}</span></button>`;
      }
      out += "</div>";
    }
    // (on the seat's own turn the hand's other cards come too, idle: the whole hand)
    if (d.byCard.length) out += c.cardChoices(d.byCard, seat, d.idle, {}, d.own);
    if (view.phase === "setup_accounts" || view.phase === "setup_phone") {
      out += h`<div class="buttons answers-grid" role="group" aria-label="${_("Ta réponse")}">`.text;
      for (const [action, , data] of d.others) {
        out += h`<button type="button" class="act" data-seat="${seat}" data-action="${c.safe(c.attr(data))}">${shortAnswer(c, action)}</button>`.text;
      }
      out += "</div>";
    } else {
      // W12: giving up the exchange (what its clock does when it runs out) is set apart and
      // asked first: among the large buttons, one tap cancelled a pupil's whole attack.
      out += c.plainButtons(d.others.filter((ch) => ch[0].kind !== "timeout"), seat);
      for (const [action, label, data] of d.others) {
        if (action.kind !== "timeout") continue;
        const asks = _("Abandonner l'échange ? Aucune carte ne sera échangée.");
        out += `<p class="aside"><button type="button" class="act secondary" data-seat="${c.attr(seat)}" data-action="${c.attr(data)}" data-confirm="${c.attr(asks)}">${c.show(label)}</button></p>`;
      }
    }
    // The other uses of a card, folded under one line each; open when they are all there is.
    const stays = d.extra.filter((ch) => ch[0].kind === "stay");
    const powers = d.extra.filter((ch) => ch[0].kind === "whitehat");
    const only = !d.byCard.length && !d.others.length && !d.targets.length;
    if (stays.length) {
      out += `<details class="more-choices"${only && !powers.length ? " open" : ""}>` +
        h`<summary>${_("Ou bien : rester sur place en défaussant une carte")}</summary>` +
        c.plainButtons(stays, seat, false, { stay: _("Rester sur place ? Cette carte sera défaussée et ton tour finira.") }) + "</details>";
    }
    if (powers.length) {
      out += `<details class="more-choices"${only ? " open" : ""}>` +
        h`<summary>${_("Pouvoir White Hat : changer la valeur d'une carte")}</summary>` +
        c.plainButtons(powers, seat) + "</details>";
    }
    return out;
  }

  // -- the game's text under the board (text.py: WebRunnersText.view, board=False) --------
  // The same lines as the server's render.lines: seats by nickname, no terminal markup,
  // French no-break spaces. The game's own words (not the page's catalogue), French or
  // English; card, character, damage and theme names come from the kit.

  const given = (v) => v !== null && v !== undefined;

  // Cards one after the other, by the name the text gives them (« Fake news, 1 case »):
  // separated by semicolons, since a name may hold a comma (card_list).
  function cardList(c, cards) {
    const names = c.kit.names || {};
    return cards.map((id) => names[id] || String(id)).join(c.lang === "en" ? "; " : " ; ");
  }

  // W18: who wins when the session's time is up, together when tied (session_sentence).
  function sessionSentence(c, winners) {
    const en = c.lang === "en";
    if (winners.length === 1) {
      const who = c.seatText(winners[0]);
      return en ? `The session is over: ${who} is closest to the centre and wins!`
        : `Fin de la séance : ${who} est le plus proche du centre et gagne !`;
    }
    const names = winners.map((p) => c.seatText(p));
    const all = names.slice(0, -1).join(", ") + (en ? " and " : " et ") + names[names.length - 1];
    return en ? `The session is over: ${all}, tied closest to the centre, win together!`
      : `Fin de la séance : ${all}, à égalité au plus près du centre, gagnent ensemble !`;
  }

  // W8, W9: the cards taken (kept) and given so far, which change hands only at
  // « Terminer » (text.py: _swaps).
  function swaps(c, pending) {
    const en = c.lang === "en";
    const taken = (pending.takes && pending.takes.length ? pending.takes : pending.keeps) || [];
    const gave = pending.gives || [];
    if (!(taken.length || gave.length) || !given(pending.seat)) return "";
    const keep = "keeps" in pending;
    const parts = [];
    if (taken.length) {
      parts.push((en ? `you ${keep ? "keep" : "take"} ` : `tu ${keep ? "gardes" : "prends"} `)
        + cardList(c, taken));
    }
    if (gave.length) parts.push((en ? "you give " : "tu donnes ") + cardList(c, gave));
    return (en ? " — swap under way: " : " — échange en cours : ") + parts.join(en ? "; " : " ; ");
  }

  // The decision under way: who decides and what, the attack (W8–W11) and the cards this
  // screen may see (a hacked hand, a Surveillance draw, the discard searched by Geekcolo).
  function pendingLine(c, pending, phase) {
    const en = c.lang === "en";
    const who = given(pending.seat) ? c.seatText(pending.seat) : "";
    const attack = pending.attack;
    let text = "";
    if (attack) {
      const effect = (c.kit.effect_names || {})[attack.effect];
      const by = c.seatText(attack.by);
      text = en ? `Attack under way: ${effect} by ${by}` : `Attaque en cours : ${effect} ${c.withWord("de", by)}`;
      if (given(attack.target)) text += (en ? " against " : " contre ") + c.seatText(attack.target);
    }
    // the last of these the view holds wins, as in the Python
    let extra = "";
    if ("shown" in pending) extra = (en ? " — opponent's hand: " : " — main adverse : ") + cardList(c, pending.shown);
    if ("cards" in pending) extra = (en ? " — cards drawn: " : " — cartes piochées : ") + cardList(c, pending.cards);
    if ("discard" in pending) extra = (en ? " — discard: " : " — défausse : ") + cardList(c, pending.discard);
    // The seat deciding reads its line with « tu » (text.py: _pending_line).
    const mine = given(c.view.you) && pending.seat === c.view.you;
    if (mine) extra += swaps(c, pending);
    // What the seat does, from the kit (text.py: PHASE_TEXT, PHASE_TEXT_YOU).
    const doing = ((mine ? c.kit.doing_you : c.kit.doing) || {})[phase];
    let waiting;
    const noAnswer = (c.kit.no_answer || {})[phase];
    // The seat whose window opened though it holds no answer (W7, W9; text.py: NO_ANSWER).
    if (pending.answers === false && noAnswer) waiting = noAnswer;
    else if (who && phase === "hack" && given(pending.victim)) {
      // W8: whose hand the hacker looks at (the victim, or the attacker a Contre-hacking
      // sends it back to)
      const victim = c.seatText(pending.victim);
      if (mine) {
        waiting = en ? `You look at ${victim}'s hand and swap cards`
          : `Tu regardes la main ${c.withWord("de", victim)} et échanges des cartes`;
      } else {
        waiting = en ? `${who} looks at ${victim}'s hand and swaps cards`
          : `${who} regarde la main ${c.withWord("de", victim)} et échange des cartes`;
      }
    } else if (who && doing) waiting = mine ? doing : `${who} ${doing}`;
    else if (who) waiting = mine ? (en ? "Your turn" : "À toi de jouer") : (en ? `${who} to play` : `À ${who} de jouer`);
    else waiting = en ? "Waiting for answers" : "En attente des réponses";
    return waiting + (text ? `. ${text}` : "") + extra + ".";
  }

  // The seat's hand in words (a line of ``lines``, for screen readers only while the
  // phone draws it as cards: draw.js, screen).
  const handLine = (c) =>
    (c.lang === "en" ? "Your hand: " : "Ta main : ") + (cardList(c, c.view.hand) || "—");

  function lines(c) {
    const { view, kit } = c;
    const en = c.lang === "en";
    const out = [];
    // The round limit is a safety bound, not the game's length; round 0 is the set-up
    // (W15's questions, the characters): no « tour 0 ».
    const when = view.round ? ` — ${en ? "round" : "tour"} ${view.round}` : "";
    out.push(`Web Runners — ${(kit.themes || {})[view.theme]}${when}`);
    // every seat: whose turn, character (W13) and power used, cards in hand
    for (let p = 0; p < view.players; p++) {
      const char = view.characters[p];
      const name = char ? kit.characters[char] : (en ? "character not chosen yet" : "personnage à venir");
      const used = view.powers_used[p] ? (en ? " (power used)" : " (pouvoir utilisé)") : "";
      const mark = p === view.current ? "▶ " : "  ";
      const size = view.hand_sizes[p];
      const cards = en ? (size === 1 ? "card" : "cards") : (size < 2 ? "carte" : "cartes");
      out.push(`${mark}${c.seatText(p)} — ${name}${used} — ${size} ${cards}`);
    }
    // the piles, and the discard's top card when this screen may see it
    const top = view.discard_top;
    out.push((en ? "Draw pile: " : "Pioche : ") + view.draw_size + (en ? " — discard: " : " — défausse : ") +
      view.discard_size + (top ? ` (${(kit.names || {})[top] || top})` : ""));
    if ("hand" in view) out.push(handLine(c));
    if (L.draw.truthy(view.pending)) out.push(pendingLine(c, view.pending, view.phase));
    // the end: the centre reached, the session's time up (W18) or the round limit
    if (given(view.winner)) {
      const who = c.seatText(view.winner);
      out.push(en ? `${who} has won!` : `${who} a gagné !`);
    } else if (given(view.session_winners)) {
      out.push(sessionSentence(c, view.session_winners));
    } else if (view.capped) {
      out.push(en ? "Game stopped: round limit." : "Partie arrêtée : limite de tours.");
    }
    return out.map((line) => c.spaced(c.plain(line)));
  }

  const handSaid = (c) => ("hand" in c.view ? c.spaced(c.plain(handLine(c))) : null);

  L.game("webrunners", { ground, map, spotlight, actions, lines, hand: handSaid });
})(typeof window !== "undefined" ? window.Ludinum : globalThis.Ludinum);
