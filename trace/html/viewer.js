// The viewer shows one step at a time; ← and → (and the timeline) move
// between them. Without this script every step shows, one after another.
(function () {
  "use strict";
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  var links = Array.prototype.slice.call(document.querySelectorAll("#timeline a"));
  var nodes = Array.prototype.slice.call(document.querySelectorAll("#workflow .node"));
  var edges = Array.prototype.slice.call(document.querySelectorAll("#workflow .edge"));
  if (steps.length === 0) return;
  document.documentElement.classList.add("js");
  var current = 0;

  function show(i) {
    current = Math.max(0, Math.min(steps.length - 1, i));
    var step = steps[current];
    steps.forEach(function (s, j) { s.classList.toggle("shown", j === current); });
    links.forEach(function (a, j) { a.setAttribute("aria-current", j === current ? "step" : "false"); });
    var node = step.getAttribute("data-node"), next = step.getAttribute("data-next");
    nodes.forEach(function (g) { g.classList.toggle("current", g.getAttribute("data-node") === node); });
    edges.forEach(function (g) {
      g.classList.toggle("next", next !== null && g.getAttribute("data-from") === node && g.getAttribute("data-to") === next);
    });
    document.body.setAttribute("data-current", String(current));
    try { history.replaceState(null, "", "#" + step.id); } catch (e) { /* some file:// setups refuse */ }
  }

  links.forEach(function (a, j) {
    a.addEventListener("click", function (ev) { ev.preventDefault(); show(j); });
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: steps.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    show(to);
    if (links[current]) links[current].scrollIntoView({ block: "nearest" });
  });

  var start = 0;
  steps.forEach(function (s, j) { if ("#" + s.id === location.hash) start = j; });
  show(start);
})();
