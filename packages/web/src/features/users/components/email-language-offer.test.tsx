import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/index.ts';
import { ok } from '../../../testing/fake-api.ts';
import { renderAt } from '../../../testing/render.tsx';
import { profileApi, student } from '../test-data.ts';
import { EmailLanguageOffer } from './email-language-offer.tsx';

/** The offer, in whichever language the interface is in. */
const offerShown = () => screen.queryByRole('region', { name: /^(E-mail language|이메일 언어|邮件语言|郵件語言)$/ });

describe('EmailLanguageOffer', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLanguage('en'));
  });

  it('offers, once the interface changes language, to send the e-mails in it too, and saves the answer', async () => {
    const calls = profileApi(student, (call) => ok(call.body));
    renderAt('/', <EmailLanguageOffer />);
    await vi.waitFor(() => expect(calls.to('GET', '/api/users')).toHaveLength(1));
    expect(offerShown()).toBeNull();
    await act(() => changeLanguage('ko'));
    const offer = await screen.findByRole('region', { name: '이메일 언어' });
    expect(offer.textContent).toContain('이메일은 지금 English(으)로 보내 드립니다.');
    fireEvent.click(screen.getByRole('button', { name: '이메일을 한국어(으)로 받기' }));
    await vi.waitFor(() => expect(calls.to('PUT', '/api/users').map((c) => c.body)).toEqual([{ language: 'ko' }]));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: '이메일 언어' })).toBeNull());
  });

  it('goes away when the person keeps their e-mail language, and says nothing when the two agree', async () => {
    const calls = profileApi(student, (call) => ok(call.body));
    renderAt('/', <EmailLanguageOffer />);
    await vi.waitFor(() => expect(calls.to('GET', '/api/users')).toHaveLength(1));
    await act(() => changeLanguage('zh-hans'));
    fireEvent.click(await screen.findByRole('button', { name: '保留English' }));
    expect(offerShown()).toBeNull();
    await act(() => changeLanguage('en'));
    expect(offerShown()).toBeNull();
    expect(calls.writes()).toEqual([]);
  });
});
