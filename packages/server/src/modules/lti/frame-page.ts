/**
 * The pages the LTI login and launch answer inside an LMS frame (issue 28), for browsers that do
 * not send this site's cookies there:
 * - login: with `lti_storage_target`, the browser secret is stored in the platform's frame through
 *   LTI Client Side postMessage storage (`lti.put_data`) before going on to the platform's
 *   authorisation URL; without it, a frame whose cookies are blocked offers to continue in a new
 *   window (the login starts again there, first-party);
 * - launch: a launch whose login cookie was not sent reads the secret back (`lti.get_data`) and
 *   posts the launch again with it, so the state stays bound to this browser's platform frame.
 * Scripts run from /lti/frame.js (the CSP allows no inline script); a page's data is JSON.
 */

/** The new-window offer, in the four languages (chosen by the browser's language). */
export const FRAME_TEXTS = {
  en: {
    blocked: 'Your browser does not let Harmony Dashboard keep you signed in inside your LMS page.',
    open: 'Open Harmony Dashboard in a new window',
    failed: 'Your LMS could not confirm this launch. Open the tool from your LMS again.',
  },
  'zh-hans': {
    blocked: '您的浏览器不允许 Harmony Dashboard 在 LMS 页面中保持登录。',
    open: '在新窗口中打开 Harmony Dashboard',
    failed: '您的 LMS 无法确认此次启动。请从 LMS 重新打开本工具。',
  },
  'zh-hant': {
    blocked: '您的瀏覽器不允許 Harmony Dashboard 在 LMS 頁面中保持登入。',
    open: '在新視窗中開啟 Harmony Dashboard',
    failed: '您的 LMS 無法確認此次啟動。請從 LMS 重新開啟本工具。',
  },
  ko: {
    blocked: '브라우저가 LMS 페이지 안에서 Harmony Dashboard 로그인을 유지하지 못하게 합니다.',
    open: '새 창에서 Harmony Dashboard 열기',
    failed: 'LMS가 이 실행을 확인하지 못했습니다. LMS에서 도구를 다시 여세요.',
  },
} as const;

/** The postMessage storage key of a login's browser secret. */
export const storageKey = (state: string) => `harmony_state_${state}`;

export type FramePageData =
  | {
      mode: 'login';
      /** The platform's authorisation request. */
      next: string;
      /** The login again, for a new window (without the storage target). */
      newWindow: string;
      storage: { target: string; origin: string; key: string; value: string } | null;
    }
  | { mode: 'launch'; storage: { target: string; origin: string; key: string }; idToken: string; state: string };

const escapeJson = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026');

export function framePage(data: FramePageData): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Harmony Dashboard</title></head><body style="font-family:system-ui,sans-serif;margin:2rem"><main id="lti-frame-main"></main><script type="application/json" id="lti-frame-data">${escapeJson({ ...data, texts: FRAME_TEXTS })}</script><script src="/lti/frame.js"></script></body></html>`;
}

/** /lti/frame.js: what the pages above run. */
export const FRAME_SCRIPT = `(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('lti-frame-data').textContent);
  var main = document.getElementById('lti-frame-main');
  var language = (navigator.language || 'en').toLowerCase();
  var texts = data.texts[language.indexOf('zh') === 0 ? (/(hant|tw|hk|mo)/.test(language) ? 'zh-hant' : 'zh-hans') : language.indexOf('ko') === 0 ? 'ko' : 'en'];
  function say(text) { var p = document.createElement('p'); p.textContent = text; main.appendChild(p); }
  function frame(target) {
    try { return target === '_parent' ? window.parent : window.parent.frames[target]; } catch (e) { return null; }
  }
  // LTI Client Side postMessage storage: one request, its answer from the platform's origin, or null.
  function ask(storage, message, done) {
    var target = frame(storage.target);
    if (!target) return done(null);
    var id = 'm' + Math.random().toString(36).slice(2);
    var finished = false;
    function finish(answer) { if (finished) return; finished = true; window.removeEventListener('message', listen); done(answer); }
    function listen(event) {
      if (event.origin !== storage.origin || !event.data || event.data.message_id !== id) return;
      if (event.data.subject !== message.subject + '.response') return;
      finish(event.data.error ? null : event.data);
    }
    window.addEventListener('message', listen);
    message.message_id = id;
    target.postMessage(message, storage.origin);
    setTimeout(function () { finish(null); }, 2000);
  }
  function cookiesWork() {
    try {
      document.cookie = 'lti_probe=1; path=/; SameSite=None; Secure; Partitioned';
      var ok = document.cookie.indexOf('lti_probe=1') !== -1;
      document.cookie = 'lti_probe=; path=/; max-age=0; SameSite=None; Secure; Partitioned';
      return ok;
    } catch (e) { return false; }
  }
  function offerNewWindow() {
    say(texts.blocked);
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = texts.open;
    button.style.fontSize = '1rem';
    button.addEventListener('click', function () { window.open(data.newWindow, '_blank', 'noopener'); });
    main.appendChild(button);
  }
  if (data.mode === 'login') {
    if (!cookiesWork()) return offerNewWindow();
    if (!data.storage) return window.location.replace(data.next);
    ask({ target: data.storage.target, origin: data.storage.origin }, { subject: 'lti.put_data', key: data.storage.key, value: data.storage.value }, function () {
      // Stored or not, the login goes on: the cookie may still be sent with the launch.
      window.location.replace(data.next);
    });
  } else {
    ask(data.storage, { subject: 'lti.get_data', key: data.storage.key }, function (answer) {
      if (!answer || typeof answer.value !== 'string') return say(texts.failed);
      var form = document.createElement('form');
      form.method = 'post';
      form.action = '/lti/launch';
      [['id_token', data.idToken], ['state', data.state], ['lti_storage_secret', answer.value]].forEach(function (pair) {
        var input = document.createElement('input');
        input.type = 'hidden'; input.name = pair[0]; input.value = pair[1];
        form.appendChild(input);
      });
      document.body.appendChild(form);
      form.submit();
    });
  }
})();
`;
