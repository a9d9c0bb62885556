// The console's member list: typing in the search box shows only the members whose name holds
// what was typed (case and spacing aside). Without JavaScript the whole list stays shown.
(function () {
  "use strict";
  const key = (text) => text.toLowerCase().replace(/\s+/g, " ").trim();
  document.querySelectorAll("input[data-filter]").forEach((box) => {
    const items = document.querySelectorAll(box.dataset.filter);
    box.addEventListener("input", () => {
      const wanted = key(box.value);
      items.forEach((item) => {
        item.hidden = wanted !== "" && !key(item.dataset.name || "").includes(wanted);
      });
    });
  });
})();
