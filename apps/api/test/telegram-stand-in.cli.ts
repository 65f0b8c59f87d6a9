/**
 * The Bot API stand-in as a process of its own, for the browser journeys (e2e/playwright.config
 * starts it beside the server): `node apps/api/test/telegram-stand-in.cli.ts
 * <port> <bot token>`. The journeys drive it through its /__control routes.
 */
import { startTelegramStandIn } from './telegram-stand-in.ts';

const [port, token] = process.argv.slice(2);
if (!port || !token) throw new Error('usage: telegram-stand-in.cli.ts <port> <bot token>');
const standIn = await startTelegramStandIn(token, Number(port));
const stop = () => void standIn.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
