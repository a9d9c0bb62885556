// The seating sheet's "Print" button (no inline script: the site's content security policy).
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-print]")) {
    window.print();
  }
});
