export const LogoMark = () => (
  <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
    <path d="M10 23V9h7a5 5 0 0 1 0 10h-3v4z" fill="#fff" />
  </svg>
);

/** Brand logo; rendered as a link when `href` is given. `label` is the accessible name. */
export const Logo = ({
  href,
  label,
  isExternal = false,
}: {
  href?: string;
  label: string;
  isExternal?: boolean;
}) => {
  const content = (
    <>
      <LogoMark />
      <span className="logo__text" aria-hidden="true">
        Proxy
      </span>
    </>
  );
  if (!href) {
    return (
      <span className="logo" role="img" aria-label={label}>
        {content}
      </span>
    );
  }
  return (
    <a className="logo" href={href} aria-label={label} {...(isExternal ? { rel: 'noopener' } : {})}>
      {content}
    </a>
  );
};
