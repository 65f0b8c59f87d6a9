type LineIconProps = {
  /** The path on the 24-unit grid. */
  d: string;
  size: number;
  strokeWidth?: number;
  /** Round line ends (short strokes: close, back, menu). */
  isRound?: boolean;
  className?: string;
};

/** A line icon drawn in the text colour; decorative, so hidden from assistive technology. */
const LineIcon = ({ d, size, strokeWidth = 2, isRound = false, className }: LineIconProps) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className={className}>
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap={isRound ? 'round' : undefined}
    />
  </svg>
);

type IconProps = { size?: number; className?: string };

export const CloseIcon = ({ size = 20 }: IconProps) => (
  <LineIcon d="M6 6l12 12M18 6L6 18" size={size} isRound />
);

export const BackIcon = ({ size = 22 }: IconProps) => (
  <LineIcon d="M15 5l-7 7 7 7" size={size} isRound />
);

export const MenuIcon = ({ size = 22 }: IconProps) => (
  <LineIcon d="M4 7h16M4 12h16M4 17h16" size={size} isRound />
);

export const ChevronDownIcon = ({ size = 18, className }: IconProps) => (
  <LineIcon d="M6 9l6 6 6-6" size={size} className={className} />
);

export const ExternalLinkIcon = ({ size = 14 }: IconProps) => (
  <LineIcon
    d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
    size={size}
  />
);

export const LogoutIcon = ({ size = 18 }: IconProps) => (
  <LineIcon d="M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l-5-5 5-5M5 12h11" size={size} />
);

export const BellIcon = ({ size = 22 }: IconProps) => (
  <LineIcon
    d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0"
    size={size}
    strokeWidth={1.8}
  />
);

/** How the line icons draw: no fill, in the text colour, `strokeWidth` wide. */
const lineStyle = (strokeWidth: number) =>
  ({ fill: 'none', stroke: 'currentColor', strokeWidth }) as const;

/** The eye of a password field; crossed out while the password is shown. */
export const EyeIcon = ({ isCrossed, size = 20 }: IconProps & { isCrossed: boolean }) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" {...lineStyle(1.8)} />
    <circle cx="12" cy="12" r="3" {...lineStyle(1.8)} />
    {isCrossed && <path d="M4 4l16 16" {...lineStyle(1.8)} />}
  </svg>
);

/** The soft fill and outline of a tone of the design system (status screens). */
const tinted = (tone: 'danger' | 'primary') => ({
  fill: `var(--color-${tone}-soft)`,
  stroke: `var(--color-${tone})`,
  strokeWidth: 2,
});

/** The picture of the error screens: an exclamation mark on a red disc. */
export const ErrorIllustration = () => (
  <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
    <circle cx="24" cy="24" r="21" {...tinted('danger')} />
    <path
      d="M24 13v14M24 32v3"
      stroke="var(--color-danger)"
      strokeWidth="3"
      strokeLinecap="round"
    />
  </svg>
);

/** The picture of the mail screens: an envelope. */
export const MailIllustration = () => (
  <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
    <rect x="4" y="10" width="40" height="28" rx="4" {...tinted('primary')} />
    <path d="M6 13l18 13 18-13" fill="none" stroke="var(--color-primary)" strokeWidth="2" />
  </svg>
);

/** The tick of a bullet list: white on a blue disc. */
export const TickBullet = () => (
  <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
    <circle cx="10" cy="10" r="10" fill="#3b82f6" />
    <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="#fff" strokeWidth="2" />
  </svg>
);
