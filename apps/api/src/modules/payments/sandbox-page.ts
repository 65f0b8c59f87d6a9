import { formatDollars, toDollars } from '@proxy/contract';
import { escapeHtml } from '../../lib/escape-html.ts';

const TEXTS = {
  en: {
    title: 'Sandbox checkout',
    intro: 'This is a test payment page. No real money is charged.',
    amount: 'Amount',
    method: 'Method',
    pay: 'Pay',
    fail: 'Fail',
    done: 'This payment is already processed.',
    back: 'Back to the cabinet',
  },
  ru: {
    title: 'Тестовая оплата',
    intro: 'Это тестовая страница оплаты. Реальные деньги не списываются.',
    amount: 'Сумма',
    method: 'Способ',
    pay: 'Оплатить',
    fail: 'Отклонить',
    done: 'Этот платёж уже обработан.',
    back: 'Вернуться в кабинет',
  },
} as const;

/** The sandbox's checkout page: small, self-contained, accessible, in the payment's language. */
export const renderSandboxPage = (payment: {
  id: string;
  amount_cents: number;
  system_name: string;
  status: number;
  language: string;
  /** The checkout link's token: the buttons post it back. */
  token: string;
  cabinetUrl: string;
}) => {
  const language = payment.language === 'ru' ? 'ru' : 'en';
  const t = TEXTS[language];
  const action = (kind: 'pay' | 'fail') =>
    escapeHtml(
      `/api/payment/sandbox/${payment.id}/${kind}?token=${encodeURIComponent(payment.token)}`,
    );
  const body =
    payment.status === 0
      ? `<div class="actions">
      <form method="post" action="${action('pay')}"><button type="submit" class="pay">${t.pay}</button></form>
      <form method="post" action="${action('fail')}"><button type="submit" class="fail">${t.fail}</button></form>
    </div>`
      : `<p role="status">${t.done}</p><p><a href="${escapeHtml(payment.cabinetUrl)}">${t.back}</a></p>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6fb; color: #1b1f2a; margin: 0; }
  main { max-width: 420px; margin: 10vh auto; background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 4px 24px rgba(0,0,0,.08); }
  h1 { font-size: 1.5rem; margin: 0 0 8px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 24px 0; }
  dt { color: #4a5163; } dd { margin: 0; font-weight: 600; }
  .actions { display: flex; gap: 12px; }
  button { flex: 1; font-size: 1rem; padding: 12px; border-radius: 8px; border: 0; cursor: pointer; }
  .pay { background: #1d5bd8; color: #fff; } .fail { background: #e6e8ee; color: #1b1f2a; }
  button:focus-visible { outline: 3px solid #0b3a99; outline-offset: 2px; }
  a { color: #1d5bd8; }
</style>
</head>
<body>
<main>
  <h1>${t.title}</h1>
  <p>${t.intro}</p>
  <dl>
    <dt>${t.amount}</dt><dd>${formatDollars(toDollars(payment.amount_cents))}</dd>
    <dt>${t.method}</dt><dd>${escapeHtml(payment.system_name)}</dd>
  </dl>
  ${body}
</main>
</body>
</html>`;
};
