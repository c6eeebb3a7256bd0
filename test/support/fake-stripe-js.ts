/**
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js), served by a browser test's
 * route: enough of Stripe() and Elements for @stripe/react-stripe-js to mount the card fields,
 * each a plain input telling its changes, and for createPaymentMethod to answer a PaymentMethod (card "4242") or
 * Stripe's error. What the page asked is kept in window.__fakeStripe.
 */
export const FAKE_STRIPE_JS = `
(function () {
  var record = (window.__fakeStripe = { keys: [], elementsOptions: [], created: [] });
  function element(type) {
    var node = null;
    var handlers = {};
    var self = {
      __type: type,
      mount: function (target) {
        var parent = typeof target === 'string' ? document.querySelector(target) : target;
        node = document.createElement('input');
        node.setAttribute('data-fake-stripe', type);
        node.setAttribute('aria-label', 'fake ' + type);
        // Stripe's change event as a person types: here any text counts as a complete field.
        node.addEventListener('input', function () {
          if (handlers.change) handlers.change({ elementType: type, empty: !node.value, complete: !!node.value });
        });
        parent.appendChild(node);
        setTimeout(function () { if (handlers.ready) handlers.ready(self); });
      },
      on: function (event, handler) { handlers[event] = handler; return self; },
      off: function (event) { delete handlers[event]; return self; },
      update: function () {},
      focus: function () { if (node) node.focus(); },
      blur: function () {},
      clear: function () { if (node) node.value = ''; },
      unmount: function () { if (node) node.remove(); },
      destroy: function () { if (node) node.remove(); },
      value: function () { return node ? node.value : ''; }
    };
    return self;
  }
  window.Stripe = function (key) {
    record.keys.push(key);
    var mounted = {};
    return {
      elements: function (options) {
        record.elementsOptions.push(options);
        return {
          create: function (type) { return (mounted[type] = element(type)); },
          getElement: function (which) { return mounted[typeof which === 'string' ? which : which.__elementType] || null; },
          update: function () {}
        };
      },
      createToken: function () {},
      confirmCardPayment: function () {},
      handleNextAction: function () { return Promise.resolve({}); },
      createPaymentMethod: function (data) {
        record.created.push({ type: data.type, billing_details: data.billing_details });
        if (data.card.value() !== '4242') return Promise.resolve({ error: { type: 'validation_error', message: 'Your card number is invalid.' } });
        return Promise.resolve({ paymentMethod: { id: 'pm_fake_from_elements', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } } });
      },
      _registerWrapper: function () {},
      registerAppInfo: function () {}
    };
  };
  window.Stripe.version = 'endive';
})();
`;
