import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

type Check = () => void;
type ChoiceCheck = {
  /** The check of the plan builder on screen; null on a page without one. */
  check: Check | null;
  register: (check: Check) => () => void;
};

const ChoiceCheckContext = createContext<ChoiceCheck | null>(null);

/**
 * Lets the order summary beside the selection ask the plan builder on screen to show what is
 * missing: with an incomplete choice the summary still offers Buy, and Buy names the errors
 * as "Go to cart" does below the large breakpoint.
 */
export const ChoiceCheckProvider = ({ children }: { children: ReactNode }) => {
  const [check, setCheck] = useState<Check | null>(null);
  const register = useCallback((next: Check) => {
    setCheck(() => next);
    return () => setCheck((current) => (current === next ? null : current));
  }, []);
  return (
    <ChoiceCheckContext.Provider value={{ check, register }}>
      {children}
    </ChoiceCheckContext.Provider>
  );
};

/** The check of the plan builder on screen, for the order summary (null without one). */
export const useChoiceCheck = (): Check | null => useContext(ChoiceCheckContext)?.check ?? null;

/** Offers `check` to the order summary while the calling plan builder is on screen. */
export const useRegisterChoiceCheck = (check: Check) => {
  const register = useContext(ChoiceCheckContext)?.register;
  // The latest check, behind one stable function: registering once keeps the provider still.
  const latest = useRef(check);
  useLayoutEffect(() => {
    latest.current = check;
  });
  useEffect(() => register?.(() => latest.current()), [register]);
};
