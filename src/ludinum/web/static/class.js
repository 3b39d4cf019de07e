// Ludinum class mode (docs/class.md): the teacher's dashboard and the pupils' waiting page.
// No framework: the server renders the HTML; this polls the JSON API every 2 s, keeps the
// tokens in localStorage and sends the teacher's taps. Loaded only by the class pages.
(function () {
  "use strict";
  const body = document.body;
  const page = body.dataset.page;
  const code = body.dataset.code;
  const en = document.documentElement.lang === "en";
  const POLL = 2000;
  const teacherKey = "ludinum.teacher." + code;
  const pupilKey = "ludinum.class." + code;
  const get = (k) => { try { return JSON.parse(localStorage.getItem(k)); } catch (e) { return null; } };
  const set = (k, v) => localStorage.setItem(k, JSON.stringify(v));
  function toast(text) {
    const el = document.getElementById("toast");
    if (!el) return;
    el.textContent = text;
    el.hidden = false;
    setTimeout(() => { el.hidden = true; }, 4000);
  }
  const say = (m) => (en ? m.en : m.fr);
  async function post(url, data) {
    const r = await fetch(url, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data),
    });
    const payload = await r.json();
    if (!r.ok) throw payload.error || { fr: "Erreur", en: "Error" };
    return payload;
  }
  function fillKeys() {
    const token = get(teacherKey);
    document.querySelectorAll("[data-debrief-form] input[name=cle]").forEach((i) => { i.value = token || ""; });
    return token;
  }

  if (page === "class-created") {
    set(teacherKey, body.dataset.teacherToken);
    location.replace("/classe/" + code + "/tableau");
    return;
  }
  if (page === "class-key") {
    if (fillKeys()) document.querySelector("[data-auto]").submit();
    else document.querySelector("[data-teacher-missing]").hidden = false;
    return;
  }

  // -- the pupil: nickname, then « Tu es à la table 3 » until the start ---------------
  if (page === "class-join") {
    const form = document.querySelector("[data-class-join-form]");
    const wait = document.querySelector("[data-class-wait]");
    const notice = document.querySelector("[data-notice]");
    // Closed to newcomers (the page says so on opening): a pupil who already joined still
    // reaches their waiting page; the others read why, not a form that can only fail.
    const closed = document.querySelector("[data-class-closed]");
    const isClosed = !closed.hidden;
    function showClosed(x) {
      closed.querySelector("[data-closed-text]").textContent = say(x);
      closed.querySelector("[data-retry]").hidden = x.code === "game_over";
      closed.hidden = false; form.hidden = true; wait.hidden = true;
    }
    function showForm(error) {
      if (isClosed) { closed.hidden = false; return; }
      form.hidden = false; wait.hidden = true;
      form.querySelector("[data-error]").textContent = error;
    }
    if (get(pupilKey)) closed.hidden = true;  // their waiting page, not the closed notice
    async function poll() {
      const token = get(pupilKey);
      if (!token) return;
      try {
        const me = await post("/api/classes/" + code + "/me", { token: token });
        form.hidden = true;
        closed.hidden = true;
        wait.hidden = false;
        document.querySelector("[data-class-name]").textContent = me.nickname;
        document.querySelector("[data-class-table]").textContent = me.text;
        // « Attends que l'enseignant lance les parties » only before the start.
        document.querySelector("[data-class-hint]").hidden = me.status !== "gathering";
        if (me.message) { notice.textContent = me.message; notice.hidden = false; }
        if (me.room) {
          // The class token is this pupil's seat token in their table's room.
          localStorage.setItem("ludinum.seat." + me.room, JSON.stringify(token));
          location.replace("/play/" + me.room);
          return;
        }
      } catch (x) {
        if (x.code === "bad_token") {
          // Removed by the teacher (or a token of another class): the nickname form again.
          localStorage.removeItem(pupilKey);
          showForm(en ? "You are no longer in the class: choose a nickname to join it again." : "Tu n'es plus dans la classe\u00a0: choisis un pseudo pour la rejoindre.");
          return;
        }
      }
      setTimeout(poll, POLL);
    }
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const err = form.querySelector("[data-error]");
      try {
        const res = await post("/api/classes/" + code + "/join", { nickname: form.nickname.value });
        set(pupilKey, res.token);
        err.textContent = "";
        poll();
      } catch (x) {
        // Closed, full or over since the page opened: why, in place of the form.
        if (["class_locked", "class_full", "game_over"].includes(x.code)) { showClosed(x); return; }
        err.textContent = say(x);
        // A look-alike nickname: the free variant goes in the field, one touch to join (as a room's join).
        if (x.suggestion) { form.nickname.value = x.suggestion; form.nickname.focus(); }
      }
    });
    poll();
    return;
  }
  if (page !== "class-board") return;

  // -- the teacher's dashboard ------------------------------------------------------
  const board = document.querySelector("[data-class-board]");
  const token = fillKeys();
  if (!token) { document.querySelector("[data-teacher-missing]").hidden = false; return; }
  let selected = null;
  let busy = false;
  let shownHtml = null;
  // A control shows in its class status (data-when); pause, resume and end only when they
  // would do something to a table now (the server's « commands »).
  function showControls(status, commands) {
    body.dataset.classStatus = status;
    document.querySelectorAll("[data-when]").forEach((el) => {
      const cmd = el.dataset.classCmd;
      const useless = cmd && cmd !== "start" && !commands.includes(cmd);
      el.hidden = !el.dataset.when.split(" ").includes(status) || useless;
    });
  }
  async function refresh() {
    if (busy) return;
    try {
      const s = await post("/api/classes/" + code + "/state", { token: token });
      showControls(s.status, s.commands || []);
      if (s.html === shownHtml) return;  // unchanged: keep the page (a drag under way)
      shownHtml = s.html;
      board.innerHTML = s.html;
      // Each table's host screen answers to the teacher's key: « Voir la table en grand ».
      board.querySelectorAll("[data-open-room]").forEach((a) => {
        localStorage.setItem("ludinum.host." + a.dataset.openRoom, JSON.stringify(token));
      });
      if (selected !== null) {
        const b = board.querySelector('[data-pupil="' + selected + '"]');
        if (b) b.setAttribute("aria-pressed", "true"); else selected = null;
      }
    } catch (x) {
      toast(say(x));
      if (x.code === "bad_token") { document.querySelector("[data-teacher-missing]").hidden = false; return; }
    }
  }
  async function run(path, data) {
    busy = true;
    try { return await post("/api/classes/" + code + "/" + path, Object.assign({ token: token }, data)); }
    catch (x) { toast(say(x)); return null; }
    finally { busy = false; await refresh(); }
  }
  // No pupil chosen any more, and none drawn as chosen: a refused move leaves the board's
  // HTML as it was, so refresh() keeps the page and its pressed button (which then read
  // chosen while the next tap did nothing).
  function unselect() {
    selected = null;
    board.querySelectorAll("[data-pupil]").forEach((b) => b.setAttribute("aria-pressed", "false"));
  }
  function move(pupil, table) {
    unselect();
    return run("move", { pupil: Number(pupil), table: Number(table) });
  }
  board.addEventListener("click", (e) => {
    const removed = e.target.closest("[data-remove]");
    if (removed) {
      const name = removed.dataset.name;
      if (!confirm(en ? "Remove " + name + " from the class?" : "Retirer " + name + " de la classe\u202f?")) return;
      unselect();
      run("remove", { pupil: Number(removed.dataset.remove) });
      return;
    }
    const all = e.target.closest("[data-remove-all]");
    if (all) {
      const n = all.dataset.removeAll;
      if (!confirm(en ? "Remove all " + n + " pupils from the class? Each one will join again with the code."
                      : "Retirer les " + n + " élèves de la classe ? Chacun devra la rejoindre à nouveau avec le code.")) return;
      unselect();
      run("remove", { all: true });
      return;
    }
    const lock = e.target.closest("[data-class-lock]");
    if (lock) { run("lock", { locked: lock.dataset.classLock === "true" }); return; }
    const pupil = e.target.closest("[data-pupil]");
    if (pupil) {
      const again = selected === pupil.dataset.pupil;
      unselect();
      selected = again ? null : pupil.dataset.pupil;
      if (!again) pupil.setAttribute("aria-pressed", "true");
      return;
    }
    const target = e.target.closest("[data-move-to]");
    if (target && selected !== null) move(selected, target.dataset.moveTo);
  });
  board.addEventListener("dragstart", (e) => {
    const pupil = e.target.closest("[data-pupil]");
    if (pupil) e.dataTransfer.setData("text/plain", pupil.dataset.pupil);
  });
  board.addEventListener("dragover", (e) => {
    const table = e.target.closest("[data-table]");
    if (table) { e.preventDefault(); table.classList.add("drop"); }
  });
  board.addEventListener("dragleave", (e) => {
    const table = e.target.closest("[data-table]");
    if (table) table.classList.remove("drop");
  });
  board.addEventListener("drop", (e) => {
    const table = e.target.closest("[data-table]");
    if (!table) return;
    e.preventDefault();
    const pupil = e.dataTransfer.getData("text/plain");
    if (pupil !== "") move(pupil, table.dataset.table);
  });
  document.querySelectorAll("[data-class-cmd]").forEach((b) => b.addEventListener("click", () => {
    const cmd = b.dataset.classCmd;
    if (cmd === "start") { run("start", {}); return; }
    if (cmd === "end" && !confirm(en ? "End every table's game?" : "Terminer les parties de toutes les tables\u202f?")) return;
    run("command", { command: cmd });
  }));
  const messageForm = document.querySelector("[data-class-message]");
  // A message half typed outlives a visit to the debrief, which opens in this tab
  // (sessionStorage: this tab only, gone once sent).
  const draftKey = "ludinum.draft." + code;
  const keepDraft = (text) => {
    try { if (text) sessionStorage.setItem(draftKey, text); else sessionStorage.removeItem(draftKey); } catch (x) { /* storage off */ }
  };
  try { messageForm.text.value = sessionStorage.getItem(draftKey) || messageForm.text.value; } catch (x) { /* storage off */ }
  messageForm.text.addEventListener("input", () => keepDraft(messageForm.text.value));
  messageForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    const sent = await run("message", { text: messageForm.text.value });
    if (sent) { messageForm.text.value = ""; keepDraft(""); toast(en ? "Message sent to every phone." : "Message envoyé à tous les téléphones."); }
  });
  refresh();
  setInterval(refresh, POLL);
})();
