import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications } from '../../../lib/notifications.ts';
import { fail, fakeApi, ok, type Reply } from '../../../testing/fake-api.ts';
import { renderAt } from '../../../testing/render.tsx';
import { FASTSPRING_BUILDER_URL, resetFastSpringBuilder } from '../fastspring-builder.ts';
import { CourseFeeCheckout } from './course-fee-checkout.tsx';

const course = { id: 4, course_product: 'Semester', course_product_price: '20.00', fastspring_product_path: 'harmony-semester' };
const user = { id: 12, email: 'fanny@example.com', first_name: 'Fanny', last_name: 'Mendelssohn' };

function api(mode: 'live' | 'test', purchase: Reply = ok(55), storefront: string | null = 'harmony.test.onfastspring.com/popup-harmony') {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/integrations') return ok({ google: false, fastspring: { mode, storefront } });
    if (call.method === 'POST' && call.url === '/api/fastspring-test-orders') return ok({ orderID: 'TEST-1', reference: 'HD1' }, 201);
    if (call.method === 'POST' && call.url === '/api/fastspringpurchase') return purchase;
    return undefined;
  });
}

function renderCheckout() {
  const onPaid = vi.fn();
  renderAt('/student/course/4/info', <CourseFeeCheckout course={course} user={user} onPaid={onPaid} />);
  return onPaid;
}

const payButton = async () => {
  const button = await screen.findByRole('button', { name: 'Click here to pay your course fee.' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearNotifications();
  resetFastSpringBuilder();
});

describe('the test checkout (no FastSpring configuration)', () => {
  it('shows a labelled dialog with the product, price and e-mail, and pays with a test order', async () => {
    const clicker = userEvent.setup();
    const calls = api('test');
    const onPaid = renderCheckout();
    await clicker.click(await payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Test checkout — no real payment' });
    expect(dialog.textContent).toContain('Semester');
    expect(dialog.textContent).toContain('$ 20.00 USD');
    expect(dialog.textContent).toContain('fanny@example.com');
    expect(dialog.textContent).toContain('No card is charged');

    await clicker.click(within(dialog).getByRole('button', { name: 'Pay (test)' }));
    expect((await screen.findByRole('status')).textContent).toContain('Course fee payment successful.');
    expect(calls.to('POST', '/api/fastspring-test-orders').map((c) => c.body)).toEqual([{ courseID: 4 }]);
    expect(calls.to('POST', '/api/fastspringpurchase').map((c) => c.body)).toEqual([{ orderID: 'TEST-1', reference: 'HD1', courseID: 4 }]);
    expect(onPaid).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('only logs "no order ID" on Cancel', async () => {
    const clicker = userEvent.setup();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const calls = api('test');
    const onPaid = renderCheckout();
    await clicker.click(await payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Test checkout — no real payment' });
    await clicker.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(log).toHaveBeenCalledWith('no order ID');
    expect(calls.to('POST', '/api/fastspring-test-orders')).toHaveLength(0);
    expect(calls.to('POST', '/api/fastspringpurchase')).toHaveLength(0);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('keeps the dialog and shows the server message when the payment is refused', async () => {
    const clicker = userEvent.setup();
    api('test', fail(409, 'This order has already been used.'));
    const onPaid = renderCheckout();
    await clicker.click(await payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Test checkout — no real payment' });
    await clicker.click(within(dialog).getByRole('button', { name: 'Pay (test)' }));
    expect((await screen.findByRole('status', { hidden: true })).textContent).toContain('This order has already been used.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();
  });
});

describe('the FastSpring popup (live mode)', () => {
  it('loads the Store Builder Library with the storefront and opens the checkout for the course product', async () => {
    const clicker = userEvent.setup();
    const calls = api('live');
    const onPaid = renderCheckout();
    await clicker.click(await payButton());

    const script = document.getElementById('fsc-api') as HTMLScriptElement;
    expect(script.src).toBe(FASTSPRING_BUILDER_URL);
    expect(script.getAttribute('data-storefront')).toBe('harmony.test.onfastspring.com/popup-harmony');
    const callback = script.getAttribute('data-popup-closed') ?? '';
    const push = vi.fn();
    window.fastspring = { builder: { push } };
    script.dispatchEvent(new Event('load'));
    await waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    expect(push).toHaveBeenCalledWith({
      products: [{ path: 'harmony-semester', quantity: 1 }],
      paymentContact: { email: 'fanny@example.com', firstName: 'Fanny', lastName: 'Mendelssohn' },
      checkout: true,
      tags: { courseID: 4, userID: 12 },
    });

    // The popup closes without an order: only the log line.
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const popupClosed = (window as unknown as Record<string, (order: unknown) => void>)[callback];
    popupClosed?.(null);
    expect(log).toHaveBeenCalledWith('no order ID');
    expect(calls.to('POST', '/api/fastspringpurchase')).toHaveLength(0);

    // … and with an order: the server verifies and records it.
    popupClosed?.({ id: 'FS-ORDER-1', reference: 'HAR230101-1234-5678' });
    expect((await screen.findByRole('status')).textContent).toContain('Course fee payment successful.');
    expect(calls.to('POST', '/api/fastspringpurchase').map((c) => c.body)).toEqual([
      { orderID: 'FS-ORDER-1', reference: 'HAR230101-1234-5678', courseID: 4 },
    ]);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(calls.to('POST', '/api/fastspring-test-orders')).toHaveLength(0);
  });

  it('says online payment is not set up when the storefront is missing', async () => {
    api('live', ok(55), null);
    renderCheckout();
    expect(await screen.findByText('Online payment is not set up on this server.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Click here to pay your course fee.' }).hasAttribute('disabled')).toBe(true);
  });
});
