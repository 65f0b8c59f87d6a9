import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the Telegram Bot API (https://core.telegram.org/bots/api) over HTTP:
 * `POST {root}/bot{token}/{method}` with a JSON body, answers `{ok: true, result}` or
 * `{ok: false, error_code, description, parameters?}`. It speaks what the cabinet uses:
 * getMe, getUpdates (offset confirms, `timeout` long polling, 409 when a second poller cuts in
 * as Telegram does), setWebhook/deleteWebhook, sendMessage (scripted error answers per chat).
 */

type ApiAnswer =
  | { ok: true; result: unknown }
  | {
      ok: false;
      error_code: number;
      description: string;
      parameters?: { retry_after?: number; migrate_to_chat_id?: number };
    };

export type SentMessage = { chatId: number; text: string; at: number };
export type SendAttempt = { chatId: number; at: number; answer: number };

type Poll = {
  offset: number;
  resolve: (answer: ApiAnswer) => void;
  timer: NodeJS.Timeout;
  /** The HTTP response waiting: a poller that hung up is no poller any more. */
  response: ServerResponse;
};

export const TELEGRAM_BOT_USERNAME = 'cabinet_test_bot';

/** `port` 0 picks a free one. Control routes under /__control drive it from another process. */
export const startTelegramStandIn = async (token: string, port = 0) => {
  const botId = Number(token.split(':')[0]);
  const updates: { update_id: number; message: object }[] = [];
  let nextUpdateId = 1;
  let nextMessageId = 1;
  let confirmedBelow = 0;
  let poll: Poll | null = null;
  const state = {
    sent: [] as SentMessage[],
    attempts: [] as SendAttempt[],
    /** getUpdates calls, and how many a second concurrent poller cut off (Telegram's 409). */
    getUpdatesCalls: 0,
    conflicts: 0,
    webhook: null as { url: string; secret: string | undefined } | null,
    calls: [] as string[],
  };
  /** Error answers sendMessage gives to a chat before it succeeds again. */
  const scripted = new Map<number, ApiAnswer[]>();

  const pending = (offset: number) => updates.filter((update) => update.update_id >= offset);

  const answerPoll = () => {
    if (!poll) return;
    const ready = pending(poll.offset);
    if (ready.length === 0) return;
    clearTimeout(poll.timer);
    const { resolve } = poll;
    poll = null;
    resolve({ ok: true, result: ready });
  };

  const getUpdates = (
    params: { offset?: number; timeout?: number },
    response: ServerResponse,
  ): Promise<ApiAnswer> => {
    state.getUpdatesCalls += 1;
    const offset = params.offset ?? 0;
    // An offset confirms every update below it: Telegram forgets them.
    if (offset > confirmedBelow) {
      confirmedBelow = offset;
      for (let i = updates.length - 1; i >= 0; i--)
        if ((updates[i]?.update_id ?? 0) < offset) updates.splice(i, 1);
    }
    if (poll) {
      // Telegram: "Conflict: terminated by other getUpdates request; make sure that only one
      // bot instance is running" to the poller that was cut off.
      state.conflicts += 1;
      clearTimeout(poll.timer);
      poll.resolve({
        ok: false,
        error_code: 409,
        description:
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      });
      poll = null;
    }
    const ready = pending(offset);
    if (ready.length > 0 || !params.timeout) return Promise.resolve({ ok: true, result: ready });
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          poll = null;
          resolve({ ok: true, result: [] });
        },
        (params.timeout ?? 0) * 1000,
      );
      poll = { offset, resolve, timer, response };
      response.once('close', () => {
        if (poll?.response !== response || response.writableEnded) return;
        clearTimeout(poll.timer);
        poll = null;
      });
    });
  };

  const sendMessage = (params: { chat_id?: number | string; text?: string }): ApiAnswer => {
    const chatId = Number(params.chat_id);
    const script = scripted.get(chatId);
    const failure = script?.shift();
    const at = Date.now();
    if (failure) {
      state.attempts.push({ chatId, at, answer: failure.ok ? 200 : failure.error_code });
      return failure;
    }
    state.attempts.push({ chatId, at, answer: 200 });
    if (!params.text)
      return { ok: false, error_code: 400, description: 'Bad Request: message text is empty' };
    state.sent.push({ chatId, text: params.text, at });
    return {
      ok: true,
      result: {
        message_id: nextMessageId++,
        date: Math.floor(at / 1000),
        chat: { id: chatId, type: 'private' },
        text: params.text,
      },
    };
  };

  const call = async (
    method: string,
    params: Record<string, unknown>,
    response: ServerResponse,
  ): Promise<ApiAnswer> => {
    state.calls.push(method);
    switch (method) {
      case 'getMe':
        return {
          ok: true,
          result: {
            id: botId,
            is_bot: true,
            first_name: 'Cabinet',
            username: TELEGRAM_BOT_USERNAME,
            can_join_groups: false,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          },
        };
      case 'getUpdates':
        return getUpdates(params, response);
      case 'setWebhook':
        state.webhook = { url: String(params.url), secret: params.secret_token as string };
        return { ok: true, result: true };
      case 'deleteWebhook':
        state.webhook = null;
        return { ok: true, result: true };
      case 'sendMessage':
        return sendMessage(params);
      default:
        return { ok: false, error_code: 404, description: 'Not Found: method not found' };
    }
  };

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    const reply = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    };
    if (url.pathname.startsWith('/__control/')) {
      control(url, request)
        .then((answer) => reply(200, answer))
        .catch(() => reply(400, { ok: false }));
      return;
    }
    if (!match || match[1] !== token) {
      reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      return;
    }
    const method = match[2] ?? '';
    readBody(request)
      .then((params) => call(method, params, response))
      .then((answer) => reply(answer.ok ? 200 : answer.error_code, answer))
      .catch(() => reply(400, { ok: false, error_code: 400, description: 'Bad Request' }));
  });
  /** A user writes `text` to the bot in private chat `chatId` (a command gets its entity). */
  const pushMessage = (
    chatId: number,
    text: string,
    from: { username?: string; first_name?: string; language_code?: string } = {},
  ) => {
    const command = /^\/\w+/.exec(text);
    updates.push({
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: from.first_name ?? 'Tester' },
        from: { id: chatId, is_bot: false, first_name: 'Tester', ...from },
        text,
        ...(command
          ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] }
          : {}),
      },
    });
    answerPoll();
  };

  /**
   * For another process (the browser journeys): POST /__control/message {chatId, text} is a
   * user writing to the bot; GET /__control/sent?chatId= lists what the bot sent that chat.
   */
  const control = async (url: URL, request: IncomingMessage): Promise<unknown> => {
    if (url.pathname === '/__control/health') return { ok: true };
    if (url.pathname === '/__control/message' && request.method === 'POST') {
      const body = (await readBody(request)) as { chatId?: number; text?: string };
      if (typeof body.chatId !== 'number' || typeof body.text !== 'string') throw new Error('bad');
      pushMessage(body.chatId, body.text);
      return { ok: true };
    }
    if (url.pathname === '/__control/sent') {
      const chatId = Number(url.searchParams.get('chatId'));
      return { ok: true, result: state.sent.filter((message) => message.chatId === chatId) };
    }
    throw new Error('unknown control route');
  };

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${address.port}`,
    state,
    pushMessage,
    /** The next sendMessage calls to `chatId` get these error answers, in order. */
    failNext: (chatId: number, ...answers: ApiAnswer[]) => {
      scripted.set(chatId, [...(scripted.get(chatId) ?? []), ...answers]);
    },
    messagesTo: (chatId: number) => state.sent.filter((message) => message.chatId === chatId),
    /** Whether a getUpdates is waiting now (the runner is polling). */
    isPolling: () => poll !== null,
    close: () =>
      new Promise<void>((resolve) => {
        if (poll) {
          clearTimeout(poll.timer);
          poll.resolve({ ok: true, result: [] });
          poll = null;
        }
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type TelegramStandIn = Awaited<ReturnType<typeof startTelegramStandIn>>;

/** Telegram's answer to a flood: wait `retryAfter` seconds. */
export const tooManyRequests = (retryAfter: number) =>
  ({
    ok: false,
    error_code: 429,
    description: `Too Many Requests: retry after ${retryAfter}`,
    parameters: { retry_after: retryAfter },
  }) as const;

export const botBlocked = {
  ok: false,
  error_code: 403,
  description: 'Forbidden: bot was blocked by the user',
} as const;
