/**
 * FastSpring's Store Builder Library (live mode): the hosted checkout popup of spec §4. The
 * script loads on the first payment, initialised with the configured storefront; the popup
 * reports back through a global callback named in `data-popup-closed`.
 */
export const FASTSPRING_BUILDER_URL = 'https://d1f8f9xcsvx3ha.cloudfront.net/sbl/0.8.5/fastspring-builder.min.js';
const SCRIPT_ID = 'fsc-api';
const POPUP_CLOSED = 'harmonyFastSpringPopupClosed';

/** What the popup hands back when it closes after a purchase. */
export interface FastSpringOrderReference {
  id: string;
  reference: string;
}

/** The session object of spec §4: the course's product, quantity 1, the student's e-mail and names. */
export interface FastSpringSession {
  products: { path: string; quantity: number }[];
  paymentContact: { email: string; firstName: string; lastName: string };
  checkout: true;
  tags: Record<string, string | number>;
}

export interface FastSpringBuilder {
  push: (session: FastSpringSession) => void;
}

declare global {
  interface Window {
    fastspring?: { builder?: FastSpringBuilder };
    harmonyFastSpringPopupClosed?: (order: Partial<FastSpringOrderReference> | null | undefined) => void;
  }
}

type OrderHandler = (order: FastSpringOrderReference) => void;
let orderHandler: OrderHandler | undefined;
let loading: Promise<FastSpringBuilder> | undefined;

function popupClosed(order: Partial<FastSpringOrderReference> | null | undefined) {
  if (order?.id && order.reference) orderHandler?.({ id: order.id, reference: order.reference });
  // Spec §4: a popup closed without an order is only logged.
  else console.log('no order ID');
}

/** Loads the library once (a failed load may be tried again) and resolves with its builder. */
export function loadFastSpringBuilder(storefront: string): Promise<FastSpringBuilder> {
  const ready = window.fastspring?.builder;
  if (ready) return Promise.resolve(ready);
  window[POPUP_CLOSED] = popupClosed;
  loading ??= new Promise<FastSpringBuilder>((resolve, reject) => {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.type = 'text/javascript';
    script.src = FASTSPRING_BUILDER_URL;
    script.dataset.storefront = storefront;
    script.dataset.popupClosed = POPUP_CLOSED;
    const fail = () => {
      loading = undefined;
      script.remove();
      reject(new Error('The FastSpring checkout could not be loaded.'));
    };
    script.addEventListener('load', () => {
      const builder = window.fastspring?.builder;
      if (builder) resolve(builder);
      else fail();
    });
    script.addEventListener('error', fail);
    document.head.append(script);
  });
  return loading;
}

/** Who hears about the order when the popup closes; returns the unsubscribe. */
export function onFastSpringOrder(handler: OrderHandler): () => void {
  orderHandler = handler;
  return () => {
    if (orderHandler === handler) orderHandler = undefined;
  };
}

/** Tests only: forget the loaded library. */
export function resetFastSpringBuilder() {
  loading = undefined;
  orderHandler = undefined;
  document.getElementById(SCRIPT_ID)?.remove();
  delete window.fastspring;
  delete window[POPUP_CLOSED];
}
