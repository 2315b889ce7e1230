// Rules viewer: highlight the passage quoted in ?q= and scroll to it.
// The quote only ever becomes text-node boundaries and <mark> elements; it is never parsed as HTML.
(function () {
  "use strict";
  var quote = new URLSearchParams(location.search).get("q");
  var root = document.getElementById("rules");
  if (!quote || !root) return;

  // Markdown syntax in the quote (list markers, emphasis) is not in the rendered text.
  function normalizeQuote(text) {
    return text.replace(/^\s*(?:[-*+]|\d+[.)]|#{1,6})\s+/gm, "").replace(/\*\*|__|[*_`]/g, "")
      .replace(/\s+/g, " ").trim();
  }

  // The rendered text with whitespace collapsed, and for each of its characters the text node and offset.
  function indexText(element) {
    var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT), node, text = "", where = [];
    while ((node = walker.nextNode())) {
      for (var i = 0; i < node.data.length; i++) {
        var space = /\s/.test(node.data[i]);
        if (space && (text === "" || text[text.length - 1] === " ")) continue;
        text += space ? " " : node.data[i];
        where.push([node, i]);
      }
    }
    return { text: text, where: where };
  }

  // Search after the cited section's heading first, then anywhere; shorten the quote if it is not found whole.
  function locate(index, wanted) {
    if (!wanted) return null;
    var heading = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    var from = 0;
    if (heading) {
      for (var k = 0; k < index.where.length; k++) {
        if (heading.contains(index.where[k][0])) { from = k; break; }
      }
    }
    for (var length = wanted.length; length >= Math.min(20, wanted.length); length = Math.floor(length * 0.75)) {
      var part = wanted.slice(0, length), at = index.text.indexOf(part, from);
      if (at < 0) at = index.text.indexOf(part);
      if (at >= 0) return [at, at + part.length];
      if (length === 1) break;
    }
    return null;
  }

  function highlight(index, span) {
    var segments = [], marks = [];
    for (var k = span[0]; k < span[1]; k++) {
      var entry = index.where[k], last = segments[segments.length - 1];
      if (last && last.node === entry[0]) last.end = entry[1] + 1;
      else segments.push({ node: entry[0], start: entry[1], end: entry[1] + 1 });
    }
    // Right to left, so splitting a node never moves an offset still to be used.
    for (var s = segments.length - 1; s >= 0; s--) {
      var range = document.createRange(), mark = document.createElement("mark");
      range.setStart(segments[s].node, segments[s].start);
      range.setEnd(segments[s].node, segments[s].end);
      mark.className = "arbitre-quote";
      range.surroundContents(mark);
      marks.unshift(mark);
    }
    return marks;
  }

  // English view: a French quote is found in the sentences' data-fr (the French original).
  function translatedSentence(wanted) {
    var sentences = root.querySelectorAll("span.tr[data-fr]"), start = wanted.slice(0, 40);
    for (var k = 0; k < sentences.length; k++) {
      var french = sentences[k].getAttribute("data-fr").replace(/\s+/g, " ");
      if (french.indexOf(start) >= 0 || (french.length >= 20 && wanted.indexOf(french) >= 0)) return sentences[k];
    }
    return null;
  }

  var wanted = normalizeQuote(quote), index = indexText(root), span = locate(index, wanted), first;
  if (span) {
    first = highlight(index, span)[0];
  } else {
    first = translatedSentence(wanted);
    if (!first) return;
    first.classList.add("arbitre-quote");
  }
  first.tabIndex = -1;
  first.setAttribute("aria-label", "Passage cité");
  first.scrollIntoView({ block: "center" });
  first.focus({ preventScroll: true });
})();
