// cast-player.js — turns each <div class="cast" data-src="X.cast"> of a docs
// page into an asciinema player (Documentation/docs/docs-build.sh copies it to _static/).
//
// The cast is taken from X.cast.js, which the page loads before this script
// and which stores the cast's text in window.DOCS_CASTS under its own URL
// less ".js": so the player works from file:// too, where a browser refuses
// to fetch() X.cast. Without it, the player fetches X.cast (over http).
// When the player has rendered and shows the cast (its poster, the screen
// at 8 s, has text), the div gets data-player="ready WIDTHxHEIGHT, N rows"
// (N: the rows of the screen with text); if not within 10 s,
// data-player="error: ..." (Documentation/docs/docs-player.sh and
// docs-pages.sh read it).
(function () {
  "use strict";
  var casts = window.DOCS_CASTS || {};
  document.querySelectorAll("div.cast[data-src]").forEach(function (div) {
    var url = new URL(div.getAttribute("data-src"), document.baseURI).href;
    if (typeof AsciinemaPlayer === "undefined") {
      div.setAttribute("data-player", "error: asciinema-player.min.js did not load");
      return;
    }
    var box = document.createElement("div");
    div.insertBefore(box, div.firstChild);
    try {
      AsciinemaPlayer.create(url in casts ? { data: casts[url] } : url, box, {
        fit: "width",
        idleTimeLimit: 2,
        poster: "npt:0:8",
        terminalFontFamily: "'DejaVu Sans Mono', monospace",
      });
    } catch (e) {
      div.setAttribute("data-player", "error: " + e);
      return;
    }
    var tries = 0;
    (function check() {
      var p = box.querySelector(".ap-player");
      var r = p && p.getBoundingClientRect();
      var rows = Array.prototype.filter.call(box.querySelectorAll(".ap-line"), function (l) {
        return l.textContent.trim() !== "";
      }).length;
      if (r && r.width > 0 && r.height > 0 && rows > 0) {
        div.setAttribute("data-player", "ready " + Math.round(r.width) + "x" + Math.round(r.height) +
          ", " + rows + " rows");
      } else if (++tries < 100) {
        setTimeout(check, 100);
      } else {
        div.setAttribute("data-player", r && r.width > 0 ? "error: the player shows no text after 10 s" :
          "error: no .ap-player of non-zero size after 10 s");
      }
    })();
  });
})();
