import { VENDOR_API_DEFAULTS } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { SITEVERIFY_URLS } from '../captcha/remote.js';
import { SLACK_API } from '../notification/slack.js';
import { TELEGRAM_API } from '../notification/telegram.js';
import { MICROSOFT_GRAPH, MICROSOFT_LOGIN } from '../oauth/azure-ad.js';
import { GITHUB_API, GITHUB_WEB } from '../oauth/github.js';
import { GOOGLE_ACCOUNTS, GOOGLE_TOKEN, GOOGLE_USERINFO } from '../oauth/google.js';
import { ALIYUN_SMS_API } from '../sms/aliyun.js';
import { TWILIO_API } from '../sms/twilio.js';

describe('the vendor API addresses the console shows beside the endpoint override', () => {
  it('are the addresses the senders and verifiers call while the endpoint is empty', () => {
    expect(VENDOR_API_DEFAULTS).toEqual({
      OAuth: {
        GitHub: [GITHUB_WEB, GITHUB_API],
        Google: [GOOGLE_ACCOUNTS, GOOGLE_TOKEN, GOOGLE_USERINFO],
        AzureAD: [MICROSOFT_LOGIN, MICROSOFT_GRAPH],
      },
      SMS: { 'Twilio SMS': [TWILIO_API], 'Aliyun SMS': [ALIYUN_SMS_API] },
      Notification: { Slack: [SLACK_API], Telegram: [TELEGRAM_API] },
      Captcha: Object.fromEntries(Object.entries(SITEVERIFY_URLS).map(([type, url]) => [type, [url]])),
    });
  });
});
