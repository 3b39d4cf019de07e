// Ludinum: a thin layer over server-rendered pages. No framework, no build step.
// It keeps seat tokens in localStorage, opens one WebSocket, swaps the HTML fragments the
// server sends and sends the actions the player clicks. The server decides everything.
(function () {
  "use strict";
  const body = document.body;
  const page = body.dataset.page;
  const code = body.dataset.code;
  const en = document.documentElement.lang === "en";
  // Whether the keyboard is in use (app.css: the focus ring of a decision's control, which
  // the page focuses itself, shows only then: on a phone it made « A. … » look chosen).
  document.addEventListener("keydown", () => body.classList.add("keys"), true);
  document.addEventListener("pointerdown", () => body.classList.remove("keys"), true);
  const key = {
    host: (c) => "ludinum.host." + c,
    seat: (c) => "ludinum.seat." + c,
    pass: (c) => "ludinum.pass." + c,
    // The places this device added for pass-and-play, on the host page.
    here: (c) => "ludinum.here." + c,
  };
  const store = {
    get(k) { try { return JSON.parse(localStorage.getItem(k)); } catch (e) { return null; } },
    set(k, v) { localStorage.setItem(k, JSON.stringify(v)); },
    drop(k) { localStorage.removeItem(k); },
  };
  let toastTimer = null;
  function toast(text) {
    const el = document.getElementById("toast");
    if (!el) return;
    el.textContent = text;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
  }
  function say(m) { return en ? m.en : m.fr; }
  function reduced() { return window.matchMedia("(prefers-reduced-motion: reduce)").matches; }

  async function postJSON(url, data) {
    const r = await fetch(url, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data),
    });
    const payload = await r.json();
    if (!r.ok) throw payload.error || { fr: "Erreur", en: "Error" };
    return payload;
  }
  async function generate(inputId) {
    const r = await fetch("/api/nickname");
    const data = await r.json();
    const input = document.getElementById(inputId);
    if (input) { input.value = data.nickname; input.focus(); }
  }

  // -- pages without a socket ------------------------------------------------------
  if (page === "created") {
    store.set(key.host(code), body.dataset.hostToken);
    location.replace("/host/" + code);
    return;
  }
  if (page === "join") {
    if (store.get(key.seat(code))) { location.replace("/play/" + code); return; }
    const form = document.querySelector("[data-join]");
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const err = form.querySelector("[data-error]");
      try {
        // A game under way: the seat the pupil touched, among those the host offered.
        const data = { nickname: form.nickname.value };
        if (e.submitter && e.submitter.dataset.offeredSeat !== undefined) data.seat = Number(e.submitter.dataset.offeredSeat);
        const res = await postJSON("/api/rooms/" + code + "/join", data);
        store.set(key.seat(code), res.token);
        location.replace("/play/" + code);
      } catch (x) {
        err.textContent = say(x);
        // A look-alike nickname: the free variant is put in the field, one touch to join.
        if (x.suggestion) { form.nickname.value = x.suggestion; form.nickname.focus(); }
      }
    });
  }
  document.addEventListener("click", (e) => {
    const gen = e.target.closest("[data-generate]");
    if (gen) { generate(gen.dataset.generate); }
  });
  // A join address too long for its line breaks where a reader sees one: after « :// »,
  // before the port and before « /j/CODE », the port and the path each kept whole
  // (.url-tail). On a phone passed around, « …:8093/j » then « /GHZJ76 » read as two
  // addresses, and « …:5502 » then « 5/j/… » as a wrong port. The page keeps the address
  // whole in its text; the breaks are added here.
  document.querySelectorAll(".host-head .url").forEach((url) => {
    const parts = /^([a-z]+:\/\/)?([^/]*?)(:\d+)?(\/j\/.*)$/.exec(url.textContent);
    if (!parts || url.children.length) return;
    const [, scheme, host, port, path] = parts;
    const whole = (text) => {
      const span = document.createElement("span");
      span.className = "url-tail";
      span.textContent = text;
      return span;
    };
    const pieces = [];
    if (scheme) pieces.push(scheme, document.createElement("wbr"));
    pieces.push(host, document.createElement("wbr"));
    if (port) pieces.push(whole(port), document.createElement("wbr"));
    pieces.push(whole(path));
    url.replaceChildren(...pieces);
  });
  // The host picks the address phones can reach: its join link and QR code show.
  const picker = document.querySelector("[data-join-address]");
  if (picker) {
    const print = document.querySelector("[data-print-link]");
    const printPath = print ? print.getAttribute("href") : "";
    const show = () => {
      document.querySelectorAll("[data-join-choice]").forEach((el) => {
        el.hidden = el.dataset.joinChoice !== picker.value;
      });
      // The printed cards' QR codes point to the same address.
      if (print) print.href = printPath + "?adresse=" + encodeURIComponent(picker.value);
    };
    const saved = store.get("ludinum.address");
    if ([...picker.options].some((o) => o.value === saved)) { picker.value = saved; show(); }
    picker.addEventListener("change", () => { store.set("ludinum.address", picker.value); show(); });
  }
  // A drawing's lines squeezed into their room (draw.js: squeezed, from a generous guess
  // of their width) are only ever narrowed: a line the browser draws narrower than its
  // room keeps its natural width, where its ``textLength`` would stretch it (a board's
  // header ~10 % wider at 1280×720). All measured at once, then put back where too wide.
  // A drawing not shown (no width measured) keeps its squeezing until it is shown (a
  // projector's board drawn in the lobby, where it is hidden): measured again then.
  const unseen = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((seen) => {
    for (const e of seen) {
      if (e.contentRect.width > 0) { unseen.unobserve(e.target); unstretch(e.target); }
    }
  });
  function unstretch(root) {
    const squeezed = Array.from(root.querySelectorAll("svg text[textLength]")).map((t) => (
      { t, room: t.getAttribute("textLength"), adjust: t.getAttribute("lengthAdjust") }));
    for (const s of squeezed) { s.t.removeAttribute("textLength"); s.t.removeAttribute("lengthAdjust"); }
    for (const s of squeezed) s.natural = s.t.getComputedTextLength();
    let hidden = false;
    for (const s of squeezed) {
      if (s.natural > 0 && s.natural <= Number(s.room)) continue;
      hidden = hidden || (s.natural === 0 && s.t.textContent.trim() !== "");
      s.t.setAttribute("textLength", s.room);
      if (s.adjust !== null) s.t.setAttribute("lengthAdjust", s.adjust);
    }
    if (hidden && unseen) unseen.observe(root);
  }
  (window.Ludinum = window.Ludinum || {}).unstretch = unstretch;  // the same in the tests
  // Each slot's new HTML put in every element of the page showing that slot.
  function fillSlots(slots) {
    for (const [name, html] of Object.entries(slots || {})) {
      document.querySelectorAll('[data-slot="' + name + '"]').forEach((el) => { el.innerHTML = html; unstretch(el); });
    }
  }
  // A page under 50 rem wide (a phone) draws the boards laid out for it (draw.js: narrow),
  // again when it turns wider or narrower. Its board enlarged (« Agrandir le plateau »,
  // 1,000 px wide) is not narrow: it shows the projector's layout, the whole table, which
  // the finger moves around (zoomBoard).
  const NARROW = window.matchMedia("(max-width: 50rem)");
  const narrowNow = () => NARROW.matches && !document.querySelector(".board.zoomed");
  // A replay's step: the page draws the public board of that step and its spotlight (a
  // quiz, a danger card being resolved) as the projector draws them then (draw.js).
  const replayed = document.querySelector("script[data-replay]");
  function drawReplay() {
    const state = Object.assign(JSON.parse(replayed.textContent), { narrow: narrowNow() });
    fillSlots(Ludinum.screen(state, ["ground", "map", "board", "spotlight"]));
  }
  if (replayed && window.Ludinum && Ludinum.screen) {
    drawReplay();
    NARROW.addEventListener("change", drawReplay);
  }
  // A replay shown on a projector is stepped from the laptop's keyboard or a presenter's
  // remote (which sends PageDown and PageUp): → or PageDown the next step, ← or PageUp
  // the one before (replay.html: aria-keyshortcuts), as its « Suivant » and « Précédent »;
  // Shift+→ the next turn, Shift+← the one before, as « Tour suivant » and « Tour précédent ».
  if (replayed) {
    const KEYS = { ArrowRight: 'a[rel="next"]', PageDown: 'a[rel="next"]',
                   ArrowLeft: 'a[rel="prev"]', PageUp: 'a[rel="prev"]' };
    const SHIFTED = { ArrowRight: "a.turn-next", ArrowLeft: "a.turn-prev" };
    document.addEventListener("keydown", (e) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (document.querySelector(".board.zoomed") || e.target.closest("input, select, textarea")) return;
      const move = (e.shiftKey ? SHIFTED : KEYS)[e.key];
      const link = move && document.querySelector("nav.steps " + move + "[href]");
      if (link) { e.preventDefault(); location.href = link.href; }
    });
    // The slider of the steps: while it moves, the step it is on is said in words (above
    // it and to a screen reader); let go, the page opens that step (« Aller » without
    // scripts).
    const range = document.querySelector("[data-step-range]");
    const count = document.querySelector("[data-step-count]");
    if (range && count) {
      document.querySelector("[data-jump-go]").hidden = true;
      const said = () => count.dataset.stepCount
        .replace("%(step)s", range.value).replace("%(steps)s", range.max);
      range.addEventListener("input", () => {
        count.textContent = said();
        range.setAttribute("aria-valuetext", said());
      });
      range.addEventListener("change", () => {
        location.href = "?step=" + range.value;
      });
    }
  }
  // A phone's board enlarged (« Agrandir le plateau »), on a live page or a replay's
  // step: the page's own drawing, full screen, so every frame keeps changing it while it
  // is open (the slots are replaced inside it), drawn at the projector's layout, not the
  // phone's (narrowNow). The rest of the page is inert meanwhile (focus and taps stay on
  // the board and its « Fermer » button); Escape closes it too, and the focus comes back
  // to the button.
  function zoomBoard(button, open) {
    const board = button.closest(".board");
    board.classList.toggle("zoomed", open);
    if (replayed) drawReplay(); else relayout();
    button.setAttribute("aria-expanded", String(open));
    const keep = new Set();
    for (let el = board; el && el !== body; el = el.parentElement) keep.add(el);
    const outside = [];
    for (const el of keep) {
      for (const sibling of el.parentElement.children) {
        // Announcements still reach a screen reader (« À toi de jouer », a lost connection).
        if (!keep.has(sibling) && !sibling.matches("[aria-live], [role=alert]")) outside.push(sibling);
      }
    }
    outside.forEach((el) => { if (open) el.setAttribute("inert", ""); else el.removeAttribute("inert"); });
    // Inside the board only the drawing and the button show: its text waits underneath.
    board.querySelectorAll('[data-slot="board"]').forEach((el) => { el.inert = open; });
    button.focus({ preventScroll: true });
    // It opens on what the drawing marks (``.zoom-to``: the seat's pawn), not its corner.
    const pane = board.querySelector(".board-svg"), mark = open && board.querySelector(".zoom-to");
    if (pane && mark) {
      const at = mark.getBoundingClientRect(), box = pane.getBoundingClientRect();
      pane.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
      pane.scrollTop += at.top + at.height / 2 - (box.top + box.height / 2);
    }
  }
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    const open = document.querySelector(".board.zoomed [data-board-zoom]");
    if (open) { e.preventDefault(); zoomBoard(open, false); }
  });
  document.addEventListener("click", (e) => {
    const zoom = e.target.closest("[data-board-zoom]");
    if (zoom) zoomBoard(zoom, !zoom.closest(".board").classList.contains("zoomed"));
  });
  // A set-up form (a room's, a class's): an option's field, or one of its values, that
  // only some player counts have (``data-players``, server/forms.py: a
  // game's extra pieces at 3 players, a role played by a seat at the table) shows for those counts only, and is
  // disabled for the others (not sent); a list whose chosen value goes takes its first.
  const playerCount = document.querySelector("form [data-player-count]");
  if (playerCount) {
    const follow = () => {
      const n = playerCount.value;
      playerCount.form.querySelectorAll("[data-players]").forEach((el) => {
        const off = !el.dataset.players.split(" ").includes(n);
        el.hidden = off;
        if (el.tagName === "OPTION") el.disabled = off;
        else el.querySelectorAll("input, select").forEach((field) => { field.disabled = off; });
      });
      playerCount.form.querySelectorAll("select").forEach((list) => {
        const chosen = list.selectedOptions[0];
        const first = [...list.options].find((o) => !o.disabled);
        if (chosen && chosen.disabled && first) list.value = first.value;
      });
      // Values as buttons to tick (too long for a list box): one hidden, or in a hidden
      // field, is not sent; a chosen one that goes, its group's first takes its place.
      const radios = [...playerCount.form.querySelectorAll('.choice-list input[type="radio"]')];
      radios.forEach((r) => { if (r.closest("[hidden]")) r.disabled = true; });
      radios.forEach((r) => {
        if (!r.checked || !r.disabled) return;
        const first = radios.find((o) => o.name === r.name && !o.disabled);
        if (first) first.checked = true;
      });
    };
    playerCount.addEventListener("change", follow);
    follow();
  }
  if (!["host", "play", "pass", "watch"].includes(page)) return;

  // -- live pages ------------------------------------------------------------------
  let socket = null;
  let retry = 500;
  let stopped = false;
  let seq = 0;
  let deadline = null;
  const logEl = document.querySelector("[data-log]");
  const narrationEl = document.querySelector("[data-narration]");
  const timerEl = document.querySelector("[data-timer]");
  // The session clock (« durée de la séance »): its time left and its rule, from the lobby on.
  const sessionEl = document.querySelector("[data-session]");
  let session = null;

  function hello() {
    if (page === "host") {
      const token = store.get(key.host(code));
      if (!token) { document.querySelector("[data-host-missing]").hidden = false; return null; }
      return { type: "hello", role: "host", token: token };
    }
    if (page === "play") {
      const token = store.get(key.seat(code));
      if (!token) { location.replace("/j/" + code); return null; }
      return { type: "hello", role: "player", token: token };
    }
    if (page === "pass") {
      const tokens = store.get(key.pass(code)) || [];
      if (!tokens.length) { toast(en ? "Add players on the host screen first." : "Ajoute d'abord des joueurs sur l'écran d'animation."); return null; }
      return { type: "hello", role: "pass", tokens: tokens };
    }
    return { type: "hello", role: "spectator" };
  }

  function send(message) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
    else toast(en ? "Reconnecting…" : "Reconnexion…");
  }

  function connect() {
    const first = hello();
    if (!first) return;
    first.lang = en ? "en" : "fr";
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/" + code);
    // The delay before reconnecting doubles until a hello is welcomed: a refused hello
    // (too many tries from this address, server restarting) is closed by the server and
    // said again later, without hammering it.
    socket.addEventListener("open", () => { socket.send(JSON.stringify(first)); });
    socket.addEventListener("message", (e) => onMessage(JSON.parse(e.data)));
    socket.addEventListener("close", (e) => {
      socket = null;
      // 1008: a hello trying again cannot mend (docs/protocol.md): no more hellos.
      if (e.code === 1008) stopped = true;
      if (stopped) return;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  function onMessage(m) {
    if (m.type === "update") update(m);
    else if (m.type === "welcome") { retry = 500; body.dataset.role = m.role; if (logEl) logEl.textContent = ""; }
    else if (m.type === "error") {
      toast(say(m));
      passAfterStart = null;
      if (m.code === "bad_token") {
        if (page === "play") { store.drop(key.seat(code)); location.replace("/j/" + code); }
        if (page === "host") { document.querySelector("[data-host-missing]").hidden = false; }
        stopped = true;
        if (socket) socket.close();
      } else if (m.code === "unknown_room" || m.code === "bad_code") {
        // A room that does not exist (deleted at the end of its retention, or a code
        // mistyped, or one no code can be: bad_code) will not appear by trying again: no
        // more hellos from this tab.
        stopped = true;
        if (socket) socket.close();
      }
    } else if (m.type === "notice") {
      // The teacher's message to every phone of a class (docs/class.md): a banner.
      const banner = document.querySelector("[data-notice]");
      if (banner) { banner.textContent = m.text; banner.hidden = false; }
    } else if (m.type === "renamed") {
      toast(say(m));
    } else if (m.type === "kicked") {
      store.drop(key.seat(code));
      stopped = true;
      if (body.dataset.page === "play") showKicked(say(m));
      else toast(say(m));
    }
  }

  // A removed player's phone keeps nothing of the seat on screen (its hand, its secrets:
  // the next pupil may get that seat): the page says what happened and how to come back.
  function showKicked(text) {
    const main = document.querySelector("main");
    const card = document.createElement("section");
    card.className = "card kicked";
    card.setAttribute("role", "alert");
    const title = document.createElement("h1");
    title.textContent = text;
    const next = document.createElement("p");
    next.textContent = en ? "You can come back if you are given a seat again."
                          : "Tu pourras revenir si on te redonne une place.";
    const join = document.createElement("a");
    join.className = "button big";
    join.href = "/j/" + code;
    join.textContent = en ? "Join again" : "Rejoindre";
    card.append(title, next, join);
    main.replaceChildren(card);
    body.dataset.status = "kicked";
  }

  // The game is drawn here (draw.js and the game's drawer, /static/games/<game>.js): a
  // frame brings what changed of what the page draws from (``draw``) and the seat's moves
  // (``actions``); the slots whose drawing changed are swapped like the server's own
  // fragments.
  const DRAWN = ["ground", "map", "board", "spotlight", "actions"]
    .filter((name) => document.querySelector('[data-slot="' + name + '"]'));
  // ``pub``: the public view (every screen's board); ``own``: where this seat's view differs.
  const drawState = { game: body.dataset.game, lang: en ? "en" : "fr", seat: null, pub: {},
    own: {}, names: [], lines: [], wait: "", choices: [], narrow: narrowNow() };
  let drawn = {};
  function redraw(m) {
    const d = m.draw || {};
    if (!window.Ludinum || !Ludinum.screen || !DRAWN.length) return {};
    if (d.reset) { drawState.pub = {}; drawState.own = {}; drawn = {}; }
    if (d.pub) Object.assign(drawState.pub, d.pub);
    if (d.own) Object.assign(drawState.own, d.own);
    for (const k of d.unown || []) delete drawState.own[k];
    for (const k of ["lines", "names", "wait", "seat"]) if (k in d) drawState[k] = d[k];
    drawState.choices = m.actions || [];
    let out = {};
    try {
      out = Ludinum.screen(Object.assign({}, drawState, {
        view: Object.assign({}, drawState.pub, drawState.own),
        board: drawState.seat === null ? null : drawState.pub }), DRAWN);
    } catch (x) {
      console.error(x);  // a drawing's fault: the page keeps what it shows
      return {};
    }
    const changed = {};
    for (const [name, html] of Object.entries(out)) {
      if (drawn[name] !== html) { changed[name] = html; drawn[name] = html; }
    }
    return changed;
  }

  // Turned wider or narrower (a phone turned sideways, its board enlarged or back): the
  // boards drawn again for it.
  function relayout() {
    drawState.narrow = narrowNow();
    fillSlots(redraw({ actions: drawState.choices }));
  }
  NARROW.addEventListener("change", relayout);

  // The projector's board takes the height its column leaves it (issue 21: read from the
  // back of the room). What lies under the drawing in its column (the legend of its
  // symbols; the game's own text, such as who holds what) keeps its own height and ends above the stage's
  // bottom and the folded room panel's button; the drawing gets the rest, as ``--board-h``
  // on the stage (app.css caps every game's drawing with it). The same box, width and
  // height, goes to the drawers (draw.js: box), which lay their board out to fill it (a
  // board of few players drawn less wide and taller). Measured again after each frame
  // and each resize; drawn again when the box changed. A game the host stopped
  // (« Terminer »: ended) keeps the stage of its play (app.css), so its board the same box
  // and the same layout: laid out again without it, it jumped (three players' blocks from
  // three columns to two, the board pushed below the fold at 1280×720).
  // The statuses whose host page shows the stage (``body[data-stage]``, which app.css
  // lays out: set with the status, in update).
  const STAGE_STATUSES = ["playing", "paused", "ended"];
  function boardBox() {
    const stage = document.querySelector(".stage");
    if (!body.hasAttribute("data-stage") || !stage || narrowNow()) return null;
    const stack = stage.querySelector(".board-stack");
    const drawing = stack && stack.querySelector('[data-slot="map"] svg');
    if (!drawing) return null;
    const s = stage.getBoundingClientRect();
    const d = drawing.getBoundingClientRect();
    if (d.width < 1) return null;
    const under = Array.from(stack.querySelectorAll('[data-slot="map"] svg ~ *'));
    const own = stage.querySelector('[data-slot="board"]');
    if (own && own.textContent.trim()) {
      const t = own.getBoundingClientRect();
      if (t.top >= d.bottom - 1 && t.left < d.right && d.left < t.right) under.push(own);
    }
    // The lowest the drawing's bottom may go: each thing under it moved down with it.
    let bottom = s.bottom - 2;
    for (const el of under) {
      const r = el.getBoundingClientRect();
      if (r.height < 1) continue;
      const after = parseFloat(getComputedStyle(el).marginBottom) || 0;
      bottom = Math.min(bottom, aboveButton(r, s.bottom - 2) - after - (r.bottom - d.bottom));
    }
    return { w: Math.floor(stack.getBoundingClientRect().width), h: Math.floor(bottom - d.top) };
  }
  function fitBoard() {
    const stage = document.querySelector(".stage");
    const box = boardBox();
    if (!box || box.h < 1) {
      if (stage) { stage.style.removeProperty("--board-h"); delete stage.dataset.box; }
      if (drawState.box) { drawState.box = null; fillSlots(redraw({ actions: drawState.choices })); }
      return;
    }
    stage.style.setProperty("--board-h", box.h + "px");
    const was = drawState.box;
    if (was && Math.abs(was.w - box.w) <= 2 && Math.abs(was.h - box.h) <= 2) return;
    drawState.box = box;
    stage.dataset.box = box.w + "x" + box.h;  // the box the drawing was laid out in (tests)
    fillSlots(redraw({ actions: drawState.choices }));
  }

  const roomPanel = document.querySelector("[data-room-panel]");
  let passAfterStart = null;  // the shared screen to open once the game has started
  function update(m) {
    m.slots = Object.assign({}, m.slots || {}, redraw(m));
    if (passAfterStart && m.status !== "lobby") { location.href = passAfterStart; passAfterStart = null; }
    // The game starts: the projector folds the room's controls away, once (issue 21).
    if (roomPanel && m.status !== "lobby" && (body.dataset.status || "lobby") === "lobby") roomPanel.open = false;
    seq = m.seq;
    body.dataset.status = m.status;
    body.toggleAttribute("data-stage", page === "host" && STAGE_STATUSES.includes(m.status));
    body.dataset.seq = String(m.seq);
    if (m.hide && logEl) logEl.querySelectorAll("li.private").forEach((li) => li.remove());
    // A phone whose turn begins shows its decision, at the top of the page (issue 21).
    const acting = (page === "play" || page === "pass") && m.slots && m.slots.actions &&
      m.slots.actions.includes('class="act') && !document.querySelector('[data-slot="actions"] .act');
    const focus = focusBefore();
    fillSlots(m.slots);
    let whole = true;
    for (const [name, parts] of Object.entries(m.parts || {})) {
      document.querySelectorAll('[data-slot="' + name + '"]').forEach((el) => { whole = patch(el, parts) && whole; unstretch(el); });
    }
    if (page === "host") markSeatsHere();
    if (m.slots && "actions" in m.slots) announce();
    if (m.slots && "debrief" in m.slots) pageLessons();
    focusAfter(focus, acting);
    // A frame that carries the game so far (a screen opened or reloaded mid-game) says how
    // many of its last lines make up the latest change: only those are narrated.
    if (narrationEl && m.log && m.log.length) narrate("latest" in m ? m.log.slice(m.log.length - m.latest) : m.log);
    fitBoard();
    fitSpotlight();
    fitNarration();
    if (logEl && m.log && m.log.length) {
      for (const line of m.log) {
        const li = document.createElement("li");
        putLine(li, line.text);
        if (line.private) {
          // Said in words (a padlock emoji is a box where the fonts have no emoji), as a
          // badge before the line: after « Pour toi : » its capital would be wrong.
          li.className = "private";
          li.dataset.mark = en ? "Only you" : "Pour toi";
        }
        logEl.appendChild(li);
      }
      while (logEl.children.length > 200) logEl.removeChild(logEl.firstChild);
      logEl.scrollTop = logEl.scrollHeight;
    }
    if (acting) window.scrollTo({ top: 0, behavior: reduced() ? "auto" : "smooth" });
    // A card of the shared screen (« Ton tour est fini » over the game as it stood, then
    // « Passe l'appareil à … ») is read at the top, however far down the move was tapped.
    else if (page === "pass" && m.slots && m.slots.privacy) window.scrollTo({ top: 0, behavior: "auto" });
    deadline = m.deadline ? { left: m.deadline.left, at: performance.now(), running: m.deadline.running } : null;
    session = m.session ? { left: m.session.left, at: performance.now(), running: m.session.running, rule: m.session.rule } : null;
    tick();
    // A page that could not place a part is out of step: it reconnects and is sent
    // every slot whole.
    if (!whole && socket) socket.close();
  }

  // Parts of a slot sent alone (server/patches.py): what lies between the slot's
  // rank-th <!--p--> and the <!--/p--> after it is replaced, parsed where it stands (an
  // SVG group's children as SVG). False when the slot has no such part.
  function patch(el, parts) {
    const opens = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_COMMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.data === "p") opens.push(node);
    }
    for (const [rank, html] of Object.entries(parts)) {
      const open = opens[Number(rank)];
      if (!open) return false;
      let node = open.nextSibling;
      while (node && !(node.nodeType === Node.COMMENT_NODE && node.data === "/p")) {
        const next = node.nextSibling;
        node.remove();
        node = next;
      }
      if (!node) return false;
      const range = document.createRange();
      range.setStartAfter(open);
      node.parentNode.insertBefore(range.createContextualFragment(html), node);
    }
    return true;
  }

  // Focus stays where the pupil acts (issue 21): a fragment swapped under the focused
  // element would drop focus to the top of the page. The same control in the new HTML
  // (same command, seat, action or card) gets it back, else the first thing to tap in the
  // decision, else the region's heading. A text field being typed in keeps its focus.
  function signature(el) {
    for (const a of ["data-cmd", "data-action", "data-card", "data-reveal", "data-seat-level"]) {
      if (el.hasAttribute(a)) {
        const seat = el.getAttribute("data-seat");
        return "[" + a + '="' + CSS.escape(el.getAttribute(a)) + '"]' +
          (seat !== null && a !== "data-action" ? '[data-seat="' + CSS.escape(seat) + '"]' : "");
      }
    }
    return el.id ? "#" + CSS.escape(el.id) : null;
  }
  function focusBefore() {
    const el = document.activeElement;
    if (!el || el === body) return { lost: true, selector: null, slot: null };
    const slot = el.closest("[data-slot]");
    return { lost: false, el: el, selector: signature(el), slot: slot ? slot.dataset.slot : null };
  }
  function decisionStart() {
    const region = document.querySelector('[data-slot="actions"]');
    if (!region) return null;
    const shown = [...region.querySelectorAll("button:not([disabled])")]
      .find((b) => b.offsetParent !== null);
    return shown || document.querySelector("[data-focus-home]");
  }
  function focusAfter(before, acting) {
    if (!before.lost && before.el.isConnected) return;  // untouched (a text field, a link)
    let target = null;
    if (before.selector && before.slot) {
      const slot = document.querySelector('[data-slot="' + before.slot + '"]');
      target = slot && slot.querySelector(before.selector);
      if (!target && before.slot === "actions") target = decisionStart();
      if (!target && slot) { slot.tabIndex = -1; target = slot; }
    } else if (acting) {
      target = decisionStart();
    }
    if (target) target.focus({ preventScroll: true });
  }
  // A new decision is said politely, without moving the focus of a screen reader.
  const announcer = document.querySelector("[data-announce]");
  function announce() {
    if (!announcer) return;
    const region = document.querySelector('[data-slot="actions"]');
    const lead = region && region.querySelector(".prompt, .your-turn, .wait");
    const text = lead ? lead.textContent.trim() : "";
    // Nothing to decide any more (the game is over): the last words are not left there.
    if (announcer.textContent !== text) announcer.textContent = text;
  }

  // A card is tapped, then its target (issue 21): the card is pressed and only its
  // targets show; the focus goes to the first of them.
  function pick(card) {
    const region = card.closest('[data-slot="actions"]') || document;
    const ident = card.dataset.card;
    region.querySelectorAll("[data-card]").forEach((b) => {
      b.setAttribute("aria-pressed", String(b === card));
    });
    let group = null;
    region.querySelectorAll(".card-targets").forEach((g) => {
      g.hidden = g.dataset.for !== ident;
      if (!g.hidden) group = g;
    });
    if (!group) return;
    const first = group.querySelector("button");
    if (first) first.focus({ preventScroll: true });
    group.scrollIntoView({ block: "nearest", behavior: reduced() ? "auto" : "smooth" });
  }

  // A tap that would cost the turn asks first, on the page (no dialog box): the question,
  // then « Oui » (which sends the action) and « Non ».
  function ask(button) {
    document.querySelectorAll(".confirm-box").forEach((b) => b.remove());
    const box = document.createElement("div");
    box.className = "confirm-box";
    box.setAttribute("role", "group");
    const question = document.createElement("p");
    question.className = "confirm-question";
    question.id = "confirm-question";
    question.tabIndex = -1;
    question.textContent = button.dataset.confirm;
    box.setAttribute("aria-labelledby", question.id);
    const yes = document.createElement("button");
    yes.type = "button";
    yes.className = "act primary confirm-yes";
    yes.dataset.seat = button.dataset.seat;
    yes.dataset.action = button.dataset.action;
    yes.textContent = en ? "Yes, confirm" : "Oui, je confirme";
    const no = document.createElement("button");
    no.type = "button";
    no.className = "secondary confirm-no";
    no.textContent = en ? "No, go back" : "Non, revenir";
    no.addEventListener("click", () => { box.remove(); button.focus(); });
    box.append(question, yes, no);
    (button.closest(".buttons, .hand") || button).after(box);
    question.focus({ preventScroll: true });
    box.scrollIntoView({ block: "nearest", behavior: reduced() ? "auto" : "smooth" });
  }

  // The projector (and a phone, under its decision) narrates the last move: the public lines
  // of the latest update in their order, the move itself large (« Lina lance 2 + 6 : … »,
  // a quiz's answer with its explanation), then what followed (a danger card, a prevention
  // message, whose turn it is), each on its own line.
  // A line of the story put in ``el`` as text, its hyphenated nicknames kept whole
  // (draw.js: nicks).
  function putLine(el, text) {
    const d = window.Ludinum && Ludinum.draw;
    if (d && d.nicks) el.innerHTML = d.nicks(d.escape(text), drawState.names);
    else el.textContent = text;
  }
  function narrate(lines) {
    // A line's brief form leaves out what the screen already shows large (a quiz's
    // question); an empty one, a line the screen's decision says whole (an attack
    // on the attacked player's phone, with its explanation).
    const shown = lines.filter((l) => !l.private).map((l) => ("brief" in l ? l.brief : l.text))
      .filter((text) => text);
    if (!shown.length) return;
    narrationEl.textContent = "";
    const lead = document.createElement("p");
    lead.className = "narration-lead";
    putLine(lead, shown[0]);
    narrationEl.appendChild(lead);
    if (shown.length > 1) {
      const more = document.createElement("div");
      more.className = "narration-more";
      for (const text of shown.slice(1)) {
        const line = document.createElement("p");
        putLine(line, text);
        more.appendChild(line);
      }
      narrationEl.appendChild(more);
    }
    narrationEl.hidden = false;
  }

  // ``limit`` (a bottom edge), raised above the folded room panel's button when a box
  // spanning ``box``'s width would run under it.
  function aboveButton(box, limit) {
    const button = document.querySelector(".room-panel > summary");
    const u = button ? button.getBoundingClientRect() : null;
    return u && u.height > 1 && u.left < box.right && box.left < u.right ? Math.min(limit, u.top - 4) : limit;
  }

  // On the projector the spotlight (a quiz, a card being resolved) comes first in its
  // column, above the narration. When it would end under the folded room panel's button or
  // past the stage, the parts its game marks as able to give way (``data-gives-way``: 1
  // goes first, then 2…) are hidden one by one until it fits; each fit starts with all of
  // them shown (e.g. beside a secret question, the sentence its heading already says, then
  // the text of a card read while an offer was pending).
  function fitSpotlight() {
    if (page !== "host") return;
    const spot = document.querySelector('.stage [data-slot="spotlight"]');
    if (!spot) return;
    const parts = Array.from(spot.querySelectorAll("[data-gives-way]"));
    for (const part of parts) part.hidden = false;
    if (!parts.length) return;
    parts.sort((a, b) => Number(a.dataset.givesWay) - Number(b.dataset.givesWay));
    const stage = spot.closest(".stage");
    const over = () => {
      const s = spot.getBoundingClientRect();
      return s.bottom > aboveButton(s, stage ? stage.getBoundingClientRect().bottom : window.innerHeight);
    };
    const hidden = [];
    for (const part of parts) {
      if (!over()) break;
      part.hidden = true;
      hidden.push(part);
    }
    // One that went first comes back if those after it made room enough for it.
    for (const part of hidden.slice(0, -1).reverse()) {
      part.hidden = false;
      if (over()) part.hidden = true;
    }
  }

  // On the projector the narration shares its column with the quiz or message, which come
  // first: when the column is full, the secondary lines give way one by one (the room's
  // log keeps them): a card's long text first, then from the last line up (whose turn it
  // is, the next quiz: the header and the spotlight say so), so that what is told last to
  // go is what follows the move at once (« the pawn goes back to 13 », which says why the
  // pawn is not where the move sent it). Then the lead sentence steps down to the 28 px
  // floor; if it still does not fit,
  // it moves under the board drawing, in place of its legend, when the board leaves room
  // there (a board wide and low), else over the legend's own room. Past that, when its
  // lead sentence still does not show whole (a danger card and the quiz that follows it
  // leave one line of room at 1920×1080), the box gives
  // way entirely rather than show a sliver of it or half a sentence above a scroll bar that
  // no one scrolls on a projector (the quiz or the card says what is going on, the room's
  // log keeps the move).
  // The game's own text under it in the same column (the seats, the piles and an
  // attack under way) is not pushed into a scroll by it either: while that text does not
  // fit and would with the narration out of the way, the narration gives way the same
  // steps (a 1280×720 projector, a card's long message beside six lines of seats).
  // A narrated line longer than this is a card's or a message's text, not a move.
  const LONG_LINE = 140;
  // Where a lead of several sentences does not show whole even alone (a quiz's answer with
  // its explanation, about 450 characters, beside a long quiz on a 1280×720 projector),
  // its last sentences become a secondary line of their own, the first to give way, until
  // the lead shows: the room reads « Bonne réponse : B. … » rather than nothing. A screen
  // fitted again (resized) starts from the whole lead.
  const SENTENCE_END = /(?<=[.!?…»])\s+(?=[«A-ZÀ-ÖØ-Þ])/u;
  function fitNarration() {
    if (!narrationEl || page !== "host") return;
    const lead = narrationEl.querySelector(".narration-lead");
    if (lead && lead.dataset.whole) {  // split by the last fit: whole again
      putLine(lead, lead.dataset.whole);
      delete lead.dataset.whole;
      narrationEl.querySelectorAll("[data-tail]").forEach((el) => el.remove());
    }
    fitNarrationOnce();
    if (!lead || !narrationEl.classList.contains("no-room")) return;
    const whole = lead.textContent;
    const parts = whole.split(SENTENCE_END);
    if (parts.length < 2) return;
    lead.dataset.whole = whole;
    let more = narrationEl.querySelector(".narration-more");
    if (!more) {
      more = document.createElement("div");
      more.className = "narration-more";
      more.dataset.tail = "";
      narrationEl.appendChild(more);
    }
    const tail = document.createElement("p");
    tail.dataset.tail = "";
    more.prepend(tail);
    for (let k = parts.length - 1; k >= 1; k--) {
      putLine(lead, parts.slice(0, k).join(" "));
      putLine(tail, parts.slice(k).join(" "));
      fitNarrationOnce();
      if (!narrationEl.classList.contains("no-room")) return;
    }
  }
  function fitNarrationOnce() {
    const stage = narrationEl.closest(".stage");
    narrationEl.classList.remove("under-board", "no-room");
    narrationEl.removeAttribute("style");
    if (stage) stage.classList.remove("story-under-board", "story-over-legend");
    if (narrationEl.hidden) return;
    const lead = narrationEl.querySelector(".narration-lead");
    const more = narrationEl.querySelector(".narration-more");
    if (!lead) return;
    const over = () => narrationEl.scrollHeight > narrationEl.clientHeight + 1;
    // The secondary lines (a narration's lines, or the box itself when it is one line).
    const lines = more ? (more.children.length ? Array.from(more.children) : [more]) : [];
    // Everything shown again, at its own size, before anything is measured: measured with
    // the lines the last fit hid, the game's text looked as if it fitted, and the lines came
    // back over it (seats cut at 1280×720 by a card's message, a frame later).
    const reset = () => {
      lead.style.fontSize = "";
      if (more) more.hidden = false;
      for (const line of lines) line.hidden = false;
    };
    reset();
    // The game's text in the narration's column, when it does not fit there but would
    // in the narration's room as well.
    const own = stage && stage.querySelector('[data-slot="board"]');
    let crowded = () => false;
    if (own && own.textContent.trim()) {
      const t = own.getBoundingClientRect();
      const n = narrationEl.getBoundingClientRect();
      const missing = own.scrollHeight - own.clientHeight;
      if (t.top >= n.bottom - 1 && t.left < n.right && n.left < t.right && missing > 1 && missing <= n.height) {
        crowded = () => narrationEl.classList.contains("under-board") ? false : own.scrollHeight > own.clientHeight + 1;
      }
    }
    const full = () => over() || crowded();
    const long = (line) => line.textContent.length > LONG_LINE;
    const giveWay = [
      ...lines.filter(long).sort((a, b) => b.textContent.length - a.textContent.length),
      ...lines.filter((line) => !long(line)).reverse(),
    ];
    const shrink = () => {
      reset();
      if (!full()) return;
      for (const line of giveWay) {
        line.hidden = true;
        if (!full()) break;
      }
      if (more && lines.every((line) => line.hidden)) more.hidden = true;
      // The smallest a lead line gets: the stage's type, 28 px on a 1080p projector and
      // as much less as the projector's sizes are on a smaller screen (app.css, --px).
      const floor = stage ? parseFloat(getComputedStyle(stage).fontSize) : 28;
      let size = parseFloat(getComputedStyle(lead).fontSize);
      while (full() && size > floor) {
        size = Math.max(floor, size - 2);
        lead.style.fontSize = size + "px";
      }
    };
    shrink();
    if (!full()) return;
    // The narration placed on ``box`` (the drawing, or its legend), as wide as it, from
    // ``top`` (a y of the screen) down to 4 px above what ends its room under the box: the
    // stage's bottom, the game's own text lying under the box too (who holds which
    // protection: the narration never covers it), the folded room panel's button at the
    // bottom right; ``mark``: the stage's class saying where it went. Not placed when that
    // room is under ``least`` px; placed, its text is fitted there again.
    const placeOn = (box, top, mark, least = -Infinity) => {
      const s = stage.getBoundingClientRect();
      let limit = s.bottom;
      if (own && own.textContent.trim()) {
        const t = own.getBoundingClientRect();
        if (t.top >= box.bottom - 1 && t.left < box.right && box.left < t.right) limit = Math.min(limit, t.top);
      }
      const room = aboveButton(box, limit) - 4 - top;
      if (room < least) return;
      stage.classList.add(mark);
      narrationEl.classList.add("under-board");
      Object.assign(narrationEl.style, {
        top: (top - s.top) + "px", left: (box.left - s.left) + "px",
        width: box.width + "px", maxHeight: room + "px",
      });
      shrink();
    };
    const drawing = stage && stage.querySelector(".board-svg svg");
    if (drawing) {
      // Under the drawing, 8 px below it, with 160 px of room at least.
      const b = drawing.getBoundingClientRect();
      placeOn(b, b.bottom + 8, "story-under-board", 160);
    }
    // Still not whole: it takes the place of the drawing's legend (the symbols in words,
    // which the drawing shows anyway), the legend's room kept, so that nothing around it
    // moves (the drawing's box, the game's text under it): a long quiz filling the right
    // column of a 1280×720 projector left the narration no room at all, and the room saw
    // nothing of the move.
    const legend = stage && stage.querySelector(".board-svg .legend");
    if (over() && legend && legend.getBoundingClientRect().height > 1) {
      narrationEl.classList.remove("under-board");
      narrationEl.removeAttribute("style");
      stage.classList.remove("story-under-board");
      const g = legend.getBoundingClientRect();
      placeOn(g, g.top, "story-over-legend");
      if (over()) {
        stage.classList.remove("story-over-legend");
        narrationEl.classList.remove("under-board");
        narrationEl.removeAttribute("style");
      }
    }
    // Not even the lead sentence whole: the box gives way entirely.
    if (over()) narrationEl.classList.add("no-room");
  }
  window.addEventListener("resize", () => { fitBoard(); fitSpotlight(); fitNarration(); });

  function tickSession() {
    if (!sessionEl) return;
    if (!session) { sessionEl.hidden = true; return; }
    let left = session.left;
    if (session.running) left -= (performance.now() - session.at) / 1000;
    left = Math.max(0, Math.ceil(left));
    const clock = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    // Words, not an emoji: a school computer may have no font that draws one.
    sessionEl.textContent = (en ? "Session: " : "Séance\u00a0: ") + clock +
      (session.rule ? " · " + session.rule : "");
    sessionEl.hidden = false;
  }

  function tick() {
    tickSession();
    if (!timerEl) return;
    if (!deadline) { timerEl.hidden = true; return; }
    let left = deadline.left;
    if (deadline.running) left -= (performance.now() - deadline.at) / 1000;
    left = Math.max(0, Math.ceil(left));
    timerEl.hidden = false;
    timerEl.textContent = (en ? "Time left: " : "Reste\u00a0: ") + left + "\u00a0s";
    timerEl.classList.toggle("urgent", left <= 5);
  }
  setInterval(tick, 250);

  // The projector's end screen shows the game's lessons one at a time, large enough to be
  // read from the back of the room (issue 21): « Suivante » goes round to the first again.
  function showLesson(box, index) {
    const lessons = box.querySelectorAll("[data-lesson]");
    const at = (index + lessons.length) % lessons.length;
    lessons.forEach((el, i) => { el.hidden = i !== at; });
    box.dataset.at = String(at);
  }
  function pageLessons() {
    if (page !== "host") return;
    document.querySelectorAll("[data-lessons]").forEach((box) => {
      const nav = box.querySelector("[data-lesson-nav]");
      if (!nav) return;
      nav.hidden = false;
      showLesson(box, 0);
    });
  }

  document.addEventListener("click", (e) => {
    const step = e.target.closest("[data-lesson-step]");
    if (step) {
      const box = step.closest("[data-lessons]");
      showLesson(box, Number(box.dataset.at || 0) + Number(step.dataset.lessonStep));
      return;
    }
    const card = e.target.closest("[data-card]");
    if (card) { pick(card); return; }
    const asking = e.target.closest("[data-confirm]");
    if (asking) { ask(asking); return; }
    const act = e.target.closest("[data-action]");
    if (act) {
      send({ type: "act", seat: Number(act.dataset.seat), action: JSON.parse(act.dataset.action), seq: seq });
      return;
    }
    const reveal = e.target.closest("[data-reveal]");
    if (reveal) { send({ type: "reveal", seat: Number(reveal.dataset.reveal) }); return; }
    // Pass-and-play: in the lobby the shared screen's link starts the game, then goes there.
    // So does « Lancer la partie » on a phone-sized screen holding this device's players: the
    // projector's stage, shrunk to a phone, could not be read there; and on any screen whose
    // every seat was added on it (markSeatsHere), or that two people or more share, the other
    // seats free or bots and no phone's player: the stage would ask phones nobody has, and
    // nobody could play (a family's tablet with a free seat, a bot at the start, opened the
    // stage). One person added on a projector (a pupil with no phone) keeps its stage.
    const seats = [...document.querySelectorAll('[data-slot="seats"] .seat')];
    const here = seats.filter((s) => s.classList.contains("on-device")).length;
    const others = seats.every((s) => s.classList.contains("on-device")
      || s.classList.contains("seat-open") || s.classList.contains("seat-bot"));
    const holdsAll = seats.length > 0 && (here === seats.length || (here >= 2 && others));
    const onePhone = e.target.closest('[data-cmd="start"]') && (NARROW.matches || holdsAll) &&
      (store.get(key.pass(code)) || []).length > 0;
    const passLink = onePhone ? document.querySelector("[data-pass-link]")
      : e.target.closest("[data-pass-link]");
    if (passLink && body.dataset.status === "lobby") {
      e.preventDefault();
      const select = document.querySelector("[data-level]");
      passAfterStart = passLink.href;
      // « shared »: played on this one device, turn-based (its timers off, hub._one_device).
      send(select ? { type: "start", level: select.value, shared: true } : { type: "start", shared: true });
      return;
    }
    const cmd = e.target.closest("[data-cmd]");
    if (cmd) {
      const message = { type: cmd.dataset.cmd };
      if (cmd.dataset.seat !== undefined) {
        message.seat = Number(cmd.dataset.seat);
        const select = document.querySelector('[data-seat-level="' + cmd.dataset.seat + '"]');
        if (select) message.level = select.value;
      } else if (message.type === "start") {
        const select = document.querySelector("[data-level]");
        if (select) message.level = select.value;
      }
      if (message.type === "rename") {
        const given = prompt(en ? "New nickname (empty: one drawn at random):" : "Nouveau pseudo (vide\u00a0: un pseudo tiré au hasard)\u00a0:");
        if (given === null) return;
        message.nickname = given.trim();
        delete message.level;
      }
      // Removing a pupil mid-game cannot be undone: ask first (issue 21).
      if (message.type === "kick" && body.dataset.status !== "lobby" &&
          !confirm(en ? "Remove this player from the game? A bot takes the seat; you can give it back to them later."
                      : "Retirer ce joueur de la partie\u202f? Un bot prendra sa place\u202f; tu pourras la lui redonner.")) return;
      // A pupil's seat given to a bot: the pupil's phone leaves the game; ask first.
      if (message.type === "bot" && cmd.dataset.replaces !== undefined &&
          !confirm(en ? "Replace " + cmd.dataset.replaces + " with a bot? Their phone leaves the game."
                      : "Remplacer " + cmd.dataset.replaces + " par un bot\u202f? Son téléphone quittera la partie.")) return;
      if (message.type === "end" && !confirm(en ? "End the game for everyone?" : "Terminer la partie pour tout le monde\u202f?")) return;
      send(message);
    }
  });

  // The seat rows of the players this device added: « sur cet appareil » instead of
  // « déconnecté » until the shared screen is opened (a row of a bot or a connected phone
  // has no such words).
  function markSeatsHere() {
    for (const index of store.get(key.here(code)) || []) {
      const row = document.querySelector('[data-slot="seats"] [data-seat-index="' + Number(index) + '"]');
      if (row) row.classList.add("on-device");
    }
  }

  const localForm = document.querySelector("[data-local-join]");
  if (localForm) {
    localForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        const res = await postJSON("/api/rooms/" + code + "/join", { nickname: localForm.nickname.value });
        const tokens = store.get(key.pass(code)) || [];
        tokens.push(res.token);
        store.set(key.pass(code), tokens);
        store.set(key.here(code), [...(store.get(key.here(code)) || []), res.seat]);
        markSeatsHere();
        localForm.nickname.value = "";
        toast(en ? "Player added on this device." : "Joueur ajouté sur cet appareil.");
      } catch (x) { toast(say(x)); }
    });
  }
  connect();
})();
