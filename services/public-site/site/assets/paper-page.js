// Paper pages: the copy buttons of the citation block, and the link back to the results. An external
// file because the pages' Content-Security-Policy allows no inline script. The buttons start hidden,
// so a browser without script (or without any way to copy) never shows a button that does nothing.
// Its words come from the page (data-* attributes), in the page's language.
(function () {
  'use strict';
  var status = document.getElementById('copy-status');
  var copiedText = (status && status.getAttribute('data-copied')) || '{label} copied to the clipboard.';
  var failedText = (status && status.getAttribute('data-failed')) || 'Copying failed: select the text and copy it.';

  function say(text) {
    if (status) status.textContent = text;
  }

  // Fallback for pages not served over HTTPS, where navigator.clipboard is absent: copy a selection.
  function copyBySelection(element) {
    var selection = window.getSelection();
    if (!selection || typeof document.execCommand !== 'function') return false;
    var range = document.createRange();
    range.selectNodeContents(element);
    selection.removeAllRanges();
    selection.addRange(range);
    var copied = false;
    try {
      copied = document.execCommand('copy');
    } catch (e) {
      copied = false;
    }
    selection.removeAllRanges();
    return copied;
  }

  function copy(element, label) {
    var text = (element.textContent || '').trim();
    var copied = copiedText.replace('{label}', label);
    var done = function () { say(copied); };
    var failed = function () { say(copyBySelection(element) ? copied : failedText); };
    if (navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
      navigator.clipboard.writeText(text).then(done, failed);
    } else {
      failed();
    }
  }

  var buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button[data-copy-target]'));
  for (var i = 0; i < buttons.length; i++) {
    (function (button) {
      var target = document.getElementById(button.getAttribute('data-copy-target') || '');
      if (!target) return;
      var label = button.getAttribute('data-label') || button.textContent || '';
      button.hidden = false;
      button.addEventListener('click', function () { copy(target, label); });
    })(buttons[i]);
  }

  // Back to the results the reader came from, when that was a search on this site (its URL holds the
  // search); otherwise the link stays the search page's, as the server wrote it.
  var back = document.getElementById('back-link');
  if (back && document.referrer) {
    try {
      var from = new URL(document.referrer);
      if (from.origin === window.location.origin && from.pathname === '/' && from.searchParams.has('q')) {
        back.setAttribute('href', from.pathname + from.search);
        back.textContent = back.getAttribute('data-results-label') || back.textContent;
      }
    } catch (e) {
      // An unreadable referrer: keep the server's link.
    }
  }
})();
