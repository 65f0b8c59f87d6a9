type StartBanner = { url: string; demo: { email: string; password: string } | null };

/**
 * The last thing `npm start` prints: where the cabinet is and how to log in, in a box that
 * stands out from the JSON log above it.
 */
export const formatStartBanner = ({ url, demo }: StartBanner): string => {
  const lines = [
    'Proxy cabinet is running',
    '',
    `Open      ${url}`,
    ...(demo ? [`Log in    ${demo.email} / ${demo.password}`] : []),
  ];
  const width = Math.max(...lines.map((line) => [...line].length));
  const row = (text: string) => `│  ${text}${' '.repeat(width - [...text].length)}  │`;
  const rule = '─'.repeat(width + 4);
  return `\n┌${rule}┐\n${lines.map(row).join('\n')}\n└${rule}┘\n\n`;
};
