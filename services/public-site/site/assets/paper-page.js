// Paper pages: the copy buttons of the citation block. An external file because the pages'
// Content-Security-Policy allows no inline script. The buttons start hidden, so a browser without
// script (or without any way to copy) never shows a button that does nothing.
(function () {
  'use strict';
  var status = document.getElementById('copy-status');

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
    var done = function () { say(label + ' copied to the clipboard.'); };
    var failed = function () { say(copyBySelection(element) ? label + ' copied to the clipboard.' : 'Copying failed: select the text and copy it.'); };
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
      var label = button.textContent.replace(/^Copy\s+/, '');
      label = label.charAt(0).toUpperCase() + label.slice(1);
      button.hidden = false;
      button.addEventListener('click', function () { copy(target, label); });
    })(buttons[i]);
  }
})();
