import { trackConnection, type ProxyContext } from '../proxy-context.ts';
import { admit, isRefusal } from './admit.ts';
import { ForwardExchange, type ForwardRequest } from './forward.ts';
import { Tunnel, type TunnelRequest } from './tunnel.ts';

/**
 * What a front end hands on once it read a request's head or handshake and knows its package:
 * a tunnel (CONNECT, SOCKS5) or one forwarded HTTP request.
 */
export type ProxyRequest = TunnelRequest | ForwardRequest;

/**
 * The pipeline after the front ends (docs/gateway-pipeline.md): admit (package limits, exit
 * choice), register in the connection registry, connect through the exit's connector, relay,
 * close. Every listener's requests pass here, so admission and the registry have this one caller.
 */
export const serve = (ctx: ProxyContext, request: ProxyRequest): void => {
  const { authorized } = request;
  const client = request.kind === 'tunnel' ? request.client : request.req.socket;
  const protocol = request.kind === 'tunnel' ? request.protocol : 'http';
  const admission = admit(ctx, client, authorized, protocol, Date.now());
  if (isRefusal(admission)) {
    request.refuse(admission);
    return;
  }
  // Each takes itself out of the registry when it closes (untrackConnection).
  const live =
    request.kind === 'tunnel' ? new Tunnel(ctx, request) : new ForwardExchange(ctx, request);
  trackConnection(ctx, authorized, live);
  live.start(admission);
};
