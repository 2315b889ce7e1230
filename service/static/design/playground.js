// Scenario playground: post the pasted scenario (YAML) to /v1/scenarios/run and show the trace,
// each cited rule linking into the rules viewer. Anchors come from the page (#anchors), computed
// by the server exactly as the viewer computes them.
(function () {
  "use strict";
  var form = document.getElementById("playground");
  var source = document.getElementById("scenario");
  var trace = document.getElementById("trace");
  var game = form.getAttribute("data-game");
  var anchors = JSON.parse(document.getElementById("anchors").textContent);

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function ruleLink(citation) {
    var link = element("a", "rule", citation.section);
    var query = citation.quote ? "?q=" + encodeURIComponent(citation.quote) : "";
    link.href = "/games/" + encodeURIComponent(game) + query + "#" + (anchors[citation.section] || "");
    if (citation.quote) link.title = citation.quote;
    return link;
  }

  function showEvent(event) {
    var line = element("div", "event" + (event.kind === "rejected" ? " rejected" : ""));
    var reason = event.kind === "rejected" && event.data ? event.data.reason : null;
    line.appendChild(element("code", "", reason ? "rejected: " + reason : event.kind));
    line.appendChild(document.createTextNode(" " + event.message + " "));
    if (event.citation) {
      line.appendChild(document.createTextNode("— "));
      line.appendChild(ruleLink(event.citation));
    }
    if (event.assumptions && event.assumptions.length) {
      line.appendChild(element("span", "assumes", " (assumes " + event.assumptions.join(", ") + ")"));
    }
    return line;
  }

  function showResult(body) {
    trace.textContent = "";
    trace.appendChild(element("p", body.passed ? "passed" : "failures",
      body.passed ? "PASS: every expectation holds." : "FAIL: " + body.failures.length + " expectation(s) do not hold."));
    if (!body.passed) {
      var list = element("ul", "failures");
      body.failures.forEach(function (failure) { list.appendChild(element("li", "", failure)); });
      trace.appendChild(list);
    }
    body.steps.forEach(function (step) {
      var block = element("div", "step");
      block.appendChild(element("strong", "", "step " + step.index + ": " + JSON.stringify(step.action)));
      step.events.forEach(function (event) { block.appendChild(showEvent(event)); });
      trace.appendChild(block);
    });
    var summary = "scores " + JSON.stringify(body.scores) + (body.terminal ? ", winners " + JSON.stringify(body.winners) : "") +
      "; assumptions used: " + (body.assumptions_used.join(", ") || "none");
    trace.appendChild(element("p", "summary", summary));
  }

  function showError(status, body) {
    trace.textContent = "";
    var detail = body && body.detail ? body.detail : "HTTP " + status;
    trace.appendChild(element("p", "failures", "Error " + status + ": " + detail));
  }

  form.addEventListener("submit", function (submitted) {
    submitted.preventDefault();
    trace.textContent = "Running…";
    fetch("/v1/scenarios/run", { method: "POST", headers: { "content-type": "application/yaml" }, body: source.value })
      .then(function (response) {
        return response.json().then(function (body) {
          if (response.ok) showResult(body); else showError(response.status, body);
        });
      })
      .catch(function (error) { showError(0, { detail: String(error) }); });
  });
})();
