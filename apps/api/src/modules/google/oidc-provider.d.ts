// oidc-provider ships no types; the Google tests use this small part of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Grant = {
    addOIDCScope: (scope: string) => void;
    save: () => Promise<string>;
  };
  type KoaContext = {
    oidc: {
      client: { clientId: string };
      session: { accountId: string };
      provider: { Grant: new (options: { clientId: string; accountId: string }) => Grant };
    };
  };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
  export type { KoaContext };
}
