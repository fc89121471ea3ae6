// plotgrade report: filters, a search by id and a sort over the submission rows. Reads
// the rows' data- attributes, shows the matching ones, and writes counts: the visible
// total into #visible-count and, beside each option, how many rows it would show given
// the other filters. Filters, search and sort live in the URL hash
// (#model=m&verdict=fail&flag=noop&q=bar&sort=score) so a view can be linked to.
(function () {
  "use strict";
  var list = document.getElementById("rows");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#rows > article"));
  var selects = Array.prototype.slice.call(document.querySelectorAll("#filters select[data-filter]"));
  var search = document.getElementById("search");
  var sort = document.getElementById("sort");
  var visibleCount = document.getElementById("visible-count");

  function dim(select) { return select.getAttribute("data-filter"); }

  // A row's values along a filter: "flag" holds several, space-separated.
  function values(row, d) { return (row.getAttribute("data-" + d) || "").split(" "); }

  function current() {
    var f = {};
    selects.forEach(function (s) { f[dim(s)] = s.value; });
    return f;
  }

  function matches(row, f, skip) {
    for (var i = 0; i < selects.length; i++) {
      var d = dim(selects[i]);
      if (d !== skip && f[d] && values(row, d).indexOf(f[d]) < 0) { return false; }
    }
    var q = search ? search.value.trim().toLowerCase() : "";
    return !q || (row.getAttribute("data-id") || "").toLowerCase().indexOf(q) >= 0;
  }

  function order() {
    var by = sort ? sort.value : "";
    var sorted = rows.slice().sort(function (a, b) {
      var oa = Number(a.getAttribute("data-order")), ob = Number(b.getAttribute("data-order"));
      if (by === "score" || by === "-score") {
        var d = Number(a.getAttribute("data-score")) - Number(b.getAttribute("data-score"));
        if (d !== 0) { return by === "score" ? d : -d; }
      }
      return oa - ob;
    });
    sorted.forEach(function (row) { list.appendChild(row); });
  }

  function apply() {
    var f = current();
    var visible = 0;
    rows.forEach(function (row) {
      var show = matches(row, f, null);
      row.hidden = !show;
      if (show) { visible += 1; }
    });
    visibleCount.textContent = String(visible);
    selects.forEach(function (s) {
      var d = dim(s);
      var counts = {};
      var all = 0;
      rows.forEach(function (row) {
        if (matches(row, f, d)) {
          values(row, d).forEach(function (v) { counts[v] = (counts[v] || 0) + 1; });
          all += 1;
        }
      });
      Array.prototype.forEach.call(s.options, function (o) {
        var n = o.value === "" ? all : (counts[o.value] || 0);
        o.textContent = o.getAttribute("data-label") + " (" + n + ")";
      });
    });
    order();
  }

  // Only a hash with "key=value" parts is a filter; "#scores" is a plain anchor. The
  // search is "q", the sort "sort".
  function fromHash() {
    var hash = location.hash.replace(/^#/, "");
    if (hash.indexOf("=") < 0) { return false; }
    var f = {};
    hash.split("&").forEach(function (part) {
      var i = part.indexOf("=");
      if (i > 0) {
        try {
          f[decodeURIComponent(part.slice(0, i))] = decodeURIComponent(part.slice(i + 1));
        } catch (e) { /* a malformed part is ignored */ }
      }
    });
    selects.forEach(function (s) {
      var want = f[dim(s)];
      s.value = "";
      Array.prototype.forEach.call(s.options, function (o) {
        if (o.value === want) { s.value = want; }
      });
    });
    if (search) { search.value = f.q || ""; }
    if (sort) {
      sort.value = "";
      Array.prototype.forEach.call(sort.options, function (o) {
        if (o.value === f.sort) { sort.value = f.sort; }
      });
    }
    return true;
  }

  function toHash() {
    var parts = [];
    selects.forEach(function (s) {
      if (s.value) { parts.push(encodeURIComponent(dim(s)) + "=" + encodeURIComponent(s.value)); }
    });
    if (search && search.value.trim()) { parts.push("q=" + encodeURIComponent(search.value.trim())); }
    if (sort && sort.value) { parts.push("sort=" + encodeURIComponent(sort.value)); }
    var url = location.pathname + location.search + (parts.length ? "#" + parts.join("&") : "");
    try { history.replaceState(null, "", url); } catch (e) { /* some file: URLs refuse; the filter still works */ }
  }

  selects.concat(sort ? [sort] : []).forEach(function (s) {
    s.addEventListener("change", function () { toHash(); apply(); });
  });
  if (search) { search.addEventListener("input", function () { toHash(); apply(); }); }
  window.addEventListener("hashchange", function () { if (fromHash()) { apply(); } });
  fromHash();
  apply();
  document.body.setAttribute("data-ready", "true");
})();

// Row bodies of a large report live in report-rows/NNNN.js (PLOTGRADE_CHUNKS files, set
// by the page). They are loaded one after another once the page is shown, each file
// calling plotgradeRows with the rows' HTML; the script tag goes once it has run.
// The HTML was escaped when the report was written, exactly as for inline rows.
(function () {
  "use strict";
  var total = typeof PLOTGRADE_CHUNKS === "number" ? PLOTGRADE_CHUNKS : 0;
  // JSON blocks are written compact (half a row's bytes when indented); indent them
  // as a row is shown. A block that does not parse stays as written.
  function indentJson(root) {
    Array.prototype.forEach.call(root.querySelectorAll("pre.json"), function (pre) {
      try { pre.textContent = JSON.stringify(JSON.parse(pre.textContent), null, 2); } catch (e) {}
    });
  }
  indentJson(document);
  window.plotgradeRows = function (bodies) {
    Object.keys(bodies).forEach(function (id) {
      var row = document.getElementById(id);
      var body = row && row.querySelector(":scope > .body");
      if (body) { body.innerHTML = bodies[id]; indentJson(body); }
    });
  };
  function load(i) {
    if (i >= total) {
      document.body.setAttribute("data-rows-loaded", "true");
      return;
    }
    var s = document.createElement("script");
    s.src = "report-rows/" + ("000" + i).slice(-4) + ".js";
    s.onload = function () { s.remove(); load(i + 1); };
    s.onerror = function () {
      s.remove();
      Array.prototype.forEach.call(
        document.querySelectorAll(".body[data-chunk=\"" + i + "\"] > .loading"),
        function (p) { p.textContent = "rows file " + s.src + " could not be loaded"; }
      );
      load(i + 1);
    };
    document.body.appendChild(s);
  }
  load(0);
})();
