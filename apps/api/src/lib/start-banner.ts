type StartBanner = {
  url: string;
  demo: { email: string; password: string } | null;
  /** The gateway `npm start` runs beside the API, once it listens (host as customers use it). */
  proxy?: { host: string; httpPort: number; socksPort: number } | null;
  /** What a first try fetches through the proxy (the API tools page's check address). */
  checkUrl?: string;
};

/**
 * The last thing `npm start` prints: where the cabinet is and how to log in, in a box that
 * stands out from the JSON log above it.
 */
export const formatStartBanner = ({ url, demo, proxy = null, checkUrl }: StartBanner): string => {
  const lines = [
    'Proxy cabinet is running',
    '',
    `Open      ${url}`,
    ...(demo ? [`Log in    ${demo.email} / ${demo.password}`] : []),
    ...(proxy
      ? [
          `Proxy     http://LOGIN:PASSWORD@${proxy.host}:${proxy.httpPort}`,
          `SOCKS5    ${proxy.host}:${proxy.socksPort} (a package's login and password)`,
          ...(checkUrl
            ? [
                `Try it    buy a package, then: curl -x http://LOGIN:PASSWORD@${proxy.host}:${proxy.httpPort} ${checkUrl}`,
              ]
            : []),
        ]
      : []),
  ];
  const width = Math.max(...lines.map((line) => [...line].length));
  const row = (text: string) => `│  ${text}${' '.repeat(width - [...text].length)}  │`;
  const rule = '─'.repeat(width + 4);
  return `\n┌${rule}┐\n${lines.map(row).join('\n')}\n└${rule}┘\n\n`;
};
