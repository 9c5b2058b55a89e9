// The back office's own script, plain as a merchant would write it: actions by fetch with the CSRF
// token after a confirmation that names the order, the customer and the amount; webhooks by
// server-sent events, and a re-render of the one order that changed. Focus stays on the order acted
// on, and each outcome is said in one live region that is in the page from its first paint.
export const BACK_OFFICE_SCRIPT = `
(function () {
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  var table = document.getElementById('orders');
  var live = document.getElementById('live');
  var announce = document.getElementById('announce');
  var dialog = document.getElementById('confirm');
  function groupOf(id) { return table.querySelector('tbody.order[data-id="' + CSS.escape(id) + '"]'); }
  function say(text) {
    // Emptied first, so the same words said twice are heard twice.
    announce.textContent = '';
    setTimeout(function () { announce.textContent = text; }, 50);
  }
  function parseAmount(text) {
    var match = /^\\s*(\\d{1,7})(?:[.,](\\d{1,2}))?\\s*$/.exec(text);
    return match ? Number(match[1] + '.' + (match[2] || '0')) : null;
  }
  function money(value, currency) {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency }).format(value);
  }
  // The amount an action's form would move now: typed, or all of it when empty; null when not an amount.
  function amountOf(form) {
    var input = form.amount;
    if (!input) return undefined;
    return input.value.trim() === '' ? Number(input.dataset.most) : parseAmount(input.value);
  }
  function currencyOf(form) { return form.closest('tbody.order').dataset.currency; }
  // The button says what it will do with the amount as typed.
  function label(form) {
    var button = form.querySelector('button[type=submit]');
    var amount = amountOf(form);
    if (amount === undefined) return;
    var words = amount === null ? (form.amount.value.trim() + ' ' + currencyOf(form)) : money(amount, currencyOf(form));
    button.textContent = button.dataset.sentence.replace('{amount}', words);
  }
  function setOpen(group, open) {
    var button = group.querySelector('.manage button');
    button.setAttribute('aria-expanded', String(open));
    group.querySelector('.panel').hidden = !open;
  }
  // Replaces one order's rows, keeping it open, what is typed in it and where the focus was.
  function replaceGroup(old, html) {
    var box = document.createElement('table');
    box.innerHTML = html;
    var next = box.querySelector('tbody');
    if (!next) return;
    var open = old && !old.querySelector('.panel').hidden;
    var focused = old && old.contains(document.activeElement) ? document.activeElement : null;
    var typed = {};
    if (old) old.querySelectorAll('input[name=amount]').forEach(function (i) { if (i.value !== i.defaultValue) typed[i.id] = i.value; });
    var outcome = old && old.querySelector('.outcome');
    if (open) setOpen(next, true);
    Object.keys(typed).forEach(function (id) { var i = next.querySelector('#' + CSS.escape(id)); if (i) { i.value = typed[id]; label(i.form); } });
    if (outcome) { var o = next.querySelector('.outcome'); o.textContent = outcome.textContent; if (outcome.dataset.kind) o.dataset.kind = outcome.dataset.kind; }
    if (old) old.replaceWith(next); else { var empty = table.querySelector('tbody.empty'); if (empty) empty.remove(); table.querySelector('thead').after(next); next.classList.add('fresh'); }
    if (focused) {
      var again = focused.id ? next.querySelector('#' + CSS.escape(focused.id)) : null;
      if (!again && focused.closest('.manage')) again = next.querySelector('.manage button');
      if (!again && focused.form) again = next.querySelector('form[data-action="' + focused.form.dataset.action + '"] button');
      if (!again || again.disabled) again = focused.matches('.panel > td') && open ? next.querySelector('.panel > td') : next.querySelector('.summary');
      again.focus();
    }
  }
  function refresh(id) {
    return fetch('/orders/' + encodeURIComponent(id) + '/row', { cache: 'no-store' }).then(function (r) {
      if (r.status === 401) { location.reload(); return; }
      return r.ok ? r.text().then(function (html) { replaceGroup(groupOf(id), html); }) : undefined;
    });
  }
  table.addEventListener('click', function (e) {
    var button = e.target.closest('.manage button');
    if (!button) return;
    var group = button.closest('tbody.order');
    var open = button.getAttribute('aria-expanded') !== 'true';
    // One order at a time: a money action is never pressed on an order left open above.
    table.querySelectorAll('tbody.order').forEach(function (g) { if (g !== group) setOpen(g, false); });
    setOpen(group, open);
    // The panel itself takes the focus: no money or cancel action is one Enter away.
    if (open) group.querySelector('.panel > td').focus();
  });
  table.addEventListener('input', function (e) {
    if (e.target.name === 'amount') label(e.target.form);
  });
  function send(form) {
    var group = form.closest('tbody.order');
    var id = group.dataset.id, number = group.dataset.number, action = form.dataset.action;
    var outcome = group.querySelector('.outcome');
    var button = form.querySelector('button[type=submit]');
    // One press, one request: the button stays disabled until the shop has answered.
    button.disabled = true;
    group.querySelector('.summary').focus();
    outcome.removeAttribute('data-kind');
    outcome.textContent = 'Sending to the gateway…';
    var body = { number: number };
    if (form.amount) body.amount = form.amount.value;
    fetch('/orders/' + encodeURIComponent(id) + '/' + action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify(body),
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (answer) {
        if (r.status === 401) { location.reload(); return; }
        var message = answer.message || (answer.error && answer.error.message) || ('The shop answered ' + r.status + '.');
        if (answer.html) replaceGroup(groupOf(id), answer.html);
        var now = groupOf(id).querySelector('.outcome');
        now.dataset.kind = r.ok ? 'ok' : 'refused';
        now.textContent = message;
        say(message);
        if (!answer.html) button.disabled = false;
      });
    }).catch(function () {
      var message = 'The shop did not answer; nothing is known to have changed. Reload to see the order as it is.';
      outcome.dataset.kind = 'refused';
      outcome.textContent = message;
      say(message);
      button.disabled = false;
    });
  }
  table.addEventListener('submit', function (e) {
    var form = e.target.closest('form.action');
    if (!form) return;
    e.preventDefault();
    var button = form.querySelector('button[type=submit]');
    if (button.disabled) return;
    var amount = amountOf(form);
    // Not an amount: the shop says the rule, and nothing moves; no confirmation for that.
    if (amount === null) return send(form);
    label(form);
    var name = form.querySelector('h3').textContent;
    document.getElementById('confirm-title').textContent = name + '?';
    document.getElementById('confirm-text').textContent = button.textContent + '?';
    document.getElementById('confirm-do').textContent = amount === undefined ? name : name + ' ' + money(amount, currencyOf(form));
    dialog.returnValue = '';
    dialog.showModal();
    dialog.addEventListener('close', function () {
      if (dialog.returnValue === 'do') send(form);
      else button.focus();
    }, { once: true });
  });
  if (window.EventSource) {
    var source = new EventSource('/orders/events');
    source.addEventListener('open', function () { live.dataset.state = 'on'; live.textContent = 'Live'; });
    source.addEventListener('error', function () { live.dataset.state = 'off'; live.textContent = 'Reconnecting…'; });
    source.addEventListener('order', function (e) {
      var event = JSON.parse(e.data);
      if (!event.order_id) return;
      // A new order shows up on the first page only; an order on the page is re-read.
      if (groupOf(event.order_id) || table.dataset.page === '1') refresh(event.order_id);
    });
  }
})();
`;
