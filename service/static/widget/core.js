// UI-free client: talks to the Arbitre API, holds the state, notifies subscribers.
// No DOM here, so it can be driven and tested without rendering anything.

var SEARCH_DEBOUNCE_MS = 250;

// The rules viewer's anchor for a section path; same rule as section_anchor() in service/api/routes/viewer.py.
function anchorOf(sectionPath) {
  return sectionPath.split(" \u203a ").map(function (part) {
    return part.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  }).join("--");
}

// Link to the rules viewer, scrolled to the section and highlighting the quote.
function viewerLink(api, game, citation) {
  return api + "/games/" + encodeURIComponent(game) + "?q=" + encodeURIComponent(citation.quote) +
    "#" + anchorOf(citation.section);
}

function createClient(options) {
  var api = options.api.replace(/\/+$/, "");
  var timeoutMs = options.timeoutMs || 15000;
  var state = {
    query: "", searching: false, hits: [], searchError: null,
    question: "", asking: false, answer: null, error: null, feedback: null, followUp: null
  };
  var listeners = [], searchTimer = null, searchSeq = 0, askSeq = 0, setupProblem = null;
  var origin = options.origin || location.origin;

  function update(patch) {
    for (var key in patch) state[key] = patch[key];
    listeners.slice().forEach(function (listener) { listener(state); });
  }

  // POST JSON; rejects with {kind: "network"|"timeout"|"http", status, message}.
  function post(path, body) {
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, timeoutMs);
    return fetch(api + path, {
      method: "POST", mode: "cors", credentials: "omit", signal: controller.signal,
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (data) {
        if (response.ok) return data;
        throw { kind: "http", status: response.status, message: serverMessage(data) };
      });
    }, function () {
      throw { kind: controller.signal.aborted ? "timeout" : "network" };
    }).finally(function () { clearTimeout(timer); }).catch(diagnose);
  }

  // A refused origin looks like a network failure, a refused game like a 403/404: ask the API why.
  // A setup problem becomes {kind: "setup"} and one console line for the page's developer.
  function diagnose(error) {
    if (setupProblem) throw setupProblem;
    if (error.kind !== "network" && !(error.kind === "http" && (error.status === 403 || error.status === 404))) throw error;
    return fetch(api + "/v1/widget/check?origin=" + encodeURIComponent(origin) + "&game=" + encodeURIComponent(options.game),
      { credentials: "omit" }).then(function (response) { return response.ok ? response.json() : null; },
      function () { return null; }).then(function (check) {
      if (!check || check.ok) throw error;
      if (!setupProblem) console.error("Arbitre widget refused on " + origin + ": " + check.problems.join(" ") + " Fix: " + check.fix);
      throw (setupProblem = { kind: "setup", problems: check.problems, fix: check.fix });
    });
  }

  // Search as you type: only the latest query's results are kept.
  function search(query) {
    clearTimeout(searchTimer);
    update({ query: query });
    if (query.trim().length < 3) { update({ hits: [], searching: false, searchError: null }); return; }
    searchTimer = setTimeout(function () {
      var seq = ++searchSeq;
      update({ searching: true });
      post("/v1/search", { query: query.trim(), game: options.game, k: 5 }).then(function (data) {
        if (seq === searchSeq) update({ searching: false, searchError: null, hits: hitsOf(data) });
      }, function (error) {
        if (seq === searchSeq) update({ searching: false, searchError: error, hits: [] });
      });
    }, SEARCH_DEBOUNCE_MS);
  }

  function ask(question) {
    question = question.trim();
    if (!question) return Promise.resolve();
    clearTimeout(searchTimer);
    searchSeq++;
    var seq = ++askSeq;
    var body = { question: question, game: options.game }, followUp = state.followUp;
    if (followUp) body.context = { answer_id: followUp.answer_id, sections: followUp.sections };
    update({ question: question, asking: true, answer: null, error: null, feedback: null, hits: [], searching: false,
      followUp: null, askedAfter: followUp });
    return post("/v1/ask", body).then(function (answer) {
      if (seq === askSeq) update({ asking: false, answer: answer || {} });
    }, function (error) {
      if (seq === askSeq) update({ asking: false, error: error });
    });
  }

  // The next question follows up the current answer: same game, its cited sections as context.
  function followUp() {
    var answer = state.answer;
    if (!answer || !answer.answer_id) return;
    var sections = (answer.citations || []).map(function (c) { return c.section; }).slice(0, 5);
    update({ followUp: { question: state.question, answer_id: String(answer.answer_id), sections: sections } });
  }

  // 👎 first asks why (optional): state.feedback "commenting", then sendFeedback(false, comment).
  function dislike() {
    if (state.answer && state.feedback !== "sending" && state.feedback !== "sent") update({ feedback: "commenting", helpful: false });
  }

  // 👍/👎 on the current answer; state.feedback goes "sending" → "sent" | "failed".
  function sendFeedback(helpful, comment) {
    var answer = state.answer;
    if (!answer || state.feedback === "sending" || state.feedback === "sent") return Promise.resolve();
    var body = { game: options.game, question: state.question, helpful: helpful };
    comment = String(comment || "").trim().slice(0, 2000);
    if (comment) body.comment = comment;
    if (answer.answer_id) body.answer_id = String(answer.answer_id);
    else body.sections = (answer.citations || []).map(function (c) { return c.section; });
    update({ feedback: "sending", helpful: helpful });
    return post("/v1/feedback", body).then(function () { update({ feedback: "sent" }); },
      function () { update({ feedback: "failed" }); });
  }

  return {
    getState: function () { return state; },
    subscribe: function (listener) {
      listeners.push(listener);
      return function () { listeners = listeners.filter(function (l) { return l !== listener; }); };
    },
    search: search, ask: ask, sendFeedback: sendFeedback, dislike: dislike, followUp: followUp,
    cancelFollowUp: function () { update({ followUp: null }); },
    link: function (citation) { return viewerLink(api, options.game, citation); }
  };
}

function hitsOf(data) {
  return data && Array.isArray(data.results) ? data.results : [];
}

// Arbitre's errors carry one readable sentence in "detail".
function serverMessage(data) {
  return data && typeof data.detail === "string" ? data.detail : "";
}
