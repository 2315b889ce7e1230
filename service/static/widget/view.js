// Thin render layer: builds the widget's DOM once, then redraws from the client's state.
// Server text only ever reaches the page through textContent or attribute values, never as HTML.

var STRINGS = {
  fr: {
    label: "Votre question sur les règles", placeholder: "Ex. : qui commence la partie ?", ask: "Demander",
    examples: "Exemples de questions", passages: "Passages des règles", searching: "Recherche…",
    noPassage: "Aucun passage trouvé.", asking: "Réflexion…", answer: "Réponse",
    abstained: "Les règles ne répondent pas clairement à cette question ; voici les passages les plus proches.",
    engine: "Vérifié par le moteur de règles", citations: "Sources", openRules: "Lire dans les règles",
    helpful: "Cette réponse vous a-t-elle aidé ?", yes: "Oui, utile", no: "Non, pas utile", yesShort: "Oui", noShort: "Non", thanks: "Merci pour votre avis !",
    feedbackFailed: "Votre avis n’a pas pu être envoyé.", retry: "Réessayer",
    why: "Qu’est-ce qui n’allait pas ? (facultatif)", send: "Envoyer", followUp: "Poser une question complémentaire",
    followingUp: "Question complémentaire à :", cancel: "Annuler",
    network: "Impossible de joindre le serveur. Vérifiez votre connexion.",
    timeout: "Le serveur met trop de temps à répondre.", http: "Erreur du serveur",
    setup: "Les questions sur les règles ne sont pas disponibles sur cette page pour le moment.",
    exampleQuestions: ["Comment se termine la partie ?", "Comment se déroule un tour ?"]
  },
  en: {
    label: "Your rules question", placeholder: "E.g. who goes first?", ask: "Ask",
    examples: "Example questions", passages: "Rulebook passages", searching: "Searching…",
    noPassage: "No passage found.", asking: "Thinking…", answer: "Answer",
    abstained: "The rules do not clearly answer this; here are the closest passages.",
    engine: "Checked by the rules engine", citations: "Sources", openRules: "Read in the rulebook",
    helpful: "Was this answer helpful?", yes: "Yes, helpful", no: "No, not helpful", yesShort: "Yes", noShort: "No", thanks: "Thanks for your feedback!",
    feedbackFailed: "Your feedback could not be sent.", retry: "Retry",
    why: "What was wrong? (optional)", send: "Send", followUp: "Ask a follow-up",
    followingUp: "Follow-up to:", cancel: "Cancel",
    network: "Cannot reach the server. Check your connection.",
    timeout: "The server is taking too long to answer.", http: "Server error",
    setup: "Rules questions are not available on this page right now.",
    exampleQuestions: ["How does the game end?", "How does a turn work?"]
  }
};

// el("p", {className: "x"}, child, "text") → element; strings become text nodes.
function el(tag, properties) {
  var node = document.createElement(tag);
  for (var key in properties || {}) {
    if (/^(aria-|role$|for$|part$)/.test(key)) node.setAttribute(key, properties[key]);
    else node[key] = properties[key];
  }
  for (var i = 2; i < arguments.length; i++) {
    var child = arguments[i];
    if (child != null) node.append.apply(node, Array.isArray(child) ? child : [child]);
  }
  return node;
}

function render(shadow, client, options) {
  var t = options.strings, uid = "arbitre-" + Math.random().toString(36).slice(2, 8);
  var input = el("input", { type: "search", id: uid + "-q", placeholder: t.placeholder, autocomplete: "off",
    "aria-describedby": uid + "-status" });
  var form = el("form", { role: "search" },
    el("label", { "for": input.id }, t.label), el("div", { className: "row" }, input, el("button", { type: "submit" }, t.ask)));
  var examples = el("div", { className: "examples", role: "group", "aria-label": t.examples });
  options.examples.forEach(function (question) {
    examples.append(el("button", { type: "button", className: "chip", onclick: function () {
      input.value = question; client.ask(question); } }, question));
  });
  var context = el("p", { className: "context" });
  var status = el("p", { className: "status", id: uid + "-status", role: "status" });
  var hits = el("ul", { className: "hits", "aria-label": t.passages });
  var answer = el("section", { className: "answer", "aria-label": t.answer });
  // Announces each answer once (errors are role="alert"), without reading out the citations and buttons.
  var live = el("p", { className: "sr", "aria-live": "polite", "aria-atomic": "true" });
  var container = el("div", { className: "w", part: "container" }, form, context, examples, status, hits, answer, live);
  shadow.append(el("style", {}, STYLES), container);

  form.addEventListener("submit", function (event) { event.preventDefault(); client.ask(input.value); });
  input.addEventListener("input", function () { client.search(input.value); });
  // Arrow keys walk from the field through the passages and back; Escape returns to the field.
  container.addEventListener("keydown", function (event) {
    var links = Array.prototype.slice.call(hits.querySelectorAll("a")), at = links.indexOf(shadow.activeElement);
    if (event.target === input ? event.key !== "ArrowDown" : at < 0) return;
    var next = event.key === "ArrowDown" ? at + 1 : event.key === "ArrowUp" ? at - 1 : event.key === "Escape" && at >= 0 ? -1 : null;
    if (next === null || (event.target === input && !links.length)) return;
    event.preventDefault();
    (next < 0 ? input : links[Math.min(next, links.length - 1)]).focus();
  });

  var drawn = {};
  function draw(state) {
    status.textContent = state.asking ? t.asking : state.searching ? t.searching :
      state.query.trim().length >= 3 && !state.hits.length && !state.searchError && !state.answer && !state.error ? t.noPassage : "";
    answer.setAttribute("aria-busy", String(state.asking));
    if (drawn.hits !== state.hits || drawn.searchError !== state.searchError) {
      hits.replaceChildren.apply(hits, state.searchError ? [el("li", { className: "error" }, errorText(state.searchError))]
        : state.hits.map(hitItem));
    }
    if (drawn.answer !== state.answer || drawn.error !== state.error || drawn.asking !== state.asking) {
      answer.replaceChildren.apply(answer, state.error ? [errorBlock(state.error)] : state.answer ? answerBlock(state.answer) : []);
      live.textContent = state.answer ? t.answer + " : " + String(state.answer.answer || "") : "";
    }
    if (state.answer && drawn.feedback !== state.feedback) drawFeedback(state);
    if (drawn.followUp !== state.followUp) {
      context.replaceChildren.apply(context, state.followUp ? [t.followingUp + " « " + state.followUp.question + " » ",
        el("button", { type: "button", className: "chip", onclick: function () { client.cancelFollowUp(); input.focus(); } }, t.cancel)] : []);
    }
    drawn = { hits: state.hits, searchError: state.searchError, answer: state.answer, error: state.error,
      asking: state.asking, feedback: state.feedback, followUp: state.followUp };
  }

  function hitItem(hit) {
    var citation = { section: hit.section, quote: hit.passage.slice(0, 200) };
    var terms = client.getState().query;
    return el("li", {}, el("a", { href: client.link(citation), target: "_blank", rel: "noopener" }, marked(shortSection(hit.section), terms)),
      el("p", {}, marked(clip(hit.passage, 220), terms)));
  }

  function answerBlock(data) {
    var blocks = [el("p", { className: "text" }, String(data.answer || ""))];
    if (data.engine_check) blocks.push(el("p", { className: "badge" }, "✓ " + t.engine + engineVerdict(data.engine_check)));
    if (data.abstained) blocks.push(el("p", { className: "note" }, t.abstained));
    var citations = data.citations || [];
    if (citations.length) {
      blocks.push(el("h3", {}, t.citations), el("ol", { className: "citations" }, citations.map(citationItem)));
    }
    blocks.push(el("div", { className: "feedback", role: "group", "aria-label": t.helpful },
      el("span", {}, t.helpful), feedbackButton(true), feedbackButton(false), el("span", { className: "ack", role: "status" })),
      el("div", { className: "why" }));
    if (data.answer_id) {
      blocks.push(el("button", { type: "button", className: "chip more", onclick: function () {
        client.followUp(); input.value = ""; input.focus(); } }, t.followUp));
    }
    return blocks;
  }

  function citationItem(citation, position) {
    return el("li", {}, el("details", { open: position === 0 },
      el("summary", {}, shortSection(citation.section)),
      el("blockquote", {}, citation.quote),
      el("a", { href: client.link(citation), target: "_blank", rel: "noopener", title: t.openRules }, citation.section)));
  }

  function feedbackButton(helpful) {
    return el("button", { type: "button", className: "vote", "aria-label": helpful ? t.yes : t.no, "aria-pressed": "false",
      onclick: function () { if (helpful) client.sendFeedback(true); else client.dislike(); } },
      helpful ? "👍 " + t.yesShort : "👎 " + t.noShort);
  }

  function drawFeedback(state) {
    var votes = answer.querySelectorAll(".vote"), ack = answer.querySelector(".ack");
    if (!ack) return;
    votes.forEach(function (button, position) {
      button.setAttribute("aria-pressed", String(state.feedback !== "failed" && state.feedback != null && state.helpful === (position === 0)));
      button.disabled = state.feedback === "sending" || state.feedback === "sent";
    });
    ack.textContent = state.feedback === "sent" ? t.thanks : state.feedback === "failed" ? t.feedbackFailed : "";
    var why = answer.querySelector(".why");
    if (state.feedback !== "commenting") { if (state.feedback !== "sending") why.replaceChildren(); return; }
    var comment = el("textarea", { id: uid + "-why", maxLength: 2000, rows: 3 });
    why.replaceChildren(el("form", { onsubmit: function (event) { event.preventDefault(); client.sendFeedback(false, comment.value); } },
      el("label", { "for": comment.id }, t.why), comment, el("button", { type: "submit" }, t.send)));
    comment.focus();
  }

  function errorBlock(error) {
    return el("div", { className: "error", role: "alert" }, el("p", {}, errorText(error)), error.kind === "setup" ? null :
      el("button", { type: "button", onclick: function () { client.ask(client.getState().question); } }, t.retry));
  }

  // A setup problem is the site's to fix (the console says how): the visitor gets a neutral sentence.
  function errorText(error) {
    if (error.kind === "setup") return t.setup;
    if (error.kind === "http") return t.http + " (" + error.status + ")" + (error.message ? ": " + error.message : "");
    return error.kind === "timeout" ? t.timeout : t.network;
  }

  var unsubscribe = client.subscribe(draw);
  draw(client.getState());
  return { input: input, destroy: function () { unsubscribe(); container.remove(); } };
}

// The engine's verdict, when it gives one as text (e.g. "legal", "rejected: not_your_turn").
function engineVerdict(check) {
  var verdict = check && (check.verdict || check.summary);
  return typeof verdict === "string" && verdict ? " : " + verdict : "";
}

// The text with the query's words (3+ letters, accents and case ignored, at a word's start) in <mark>.
function marked(text, query) {
  var chars = Array.from(text), folded = chars.map(function (c) { return fold(c).charAt(0) || c; }).join("");
  var words = fold(query).split(/[^\p{L}\p{N}]+/u).filter(function (w) { return w.length >= 3; });
  var hit = new Array(chars.length).fill(false);
  words.forEach(function (word) {
    for (var at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + 1)) {
      if (at === 0 || !/[\p{L}\p{N}]/u.test(folded[at - 1])) for (var i = at; i < at + word.length; i++) hit[i] = true;
    }
  });
  var nodes = [], start = 0;
  for (var i = 1; i <= chars.length; i++) {
    if (i === chars.length || hit[i] !== hit[start]) {
      var piece = chars.slice(start, i).join("");
      nodes.push(hit[start] ? el("mark", {}, piece) : piece);
      start = i;
    }
  }
  return nodes;
}

function fold(text) {
  return String(text).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function shortSection(path) {
  var parts = String(path).split(" \u203a ");
  return parts.length > 1 ? parts.slice(1).join(" \u203a ") : parts[0];
}

function clip(text, length) {
  text = String(text);
  return text.length > length ? text.slice(0, length - 1) + "…" : text;
}
