export const Spinner = ({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) => (
  <span className={`spinner spinner--${size}`} aria-hidden="true" />
);

/** A centred loader with an accessible status text. */
export const Loader = ({ label, fullScreen = false }: { label: string; fullScreen?: boolean }) => (
  <div className={fullScreen ? 'loader loader--full' : 'loader'} role="status">
    <Spinner size="lg" />
    <span className="visually-hidden">{label}</span>
  </div>
);
