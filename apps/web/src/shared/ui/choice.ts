/** What a control of one choice among options takes (a radio group, a select). */
export type SingleChoiceProps<Label = string> = {
  options: readonly { value: string; label: Label }[];
  /** The chosen option's value; '' while none is (a select's empty option). */
  value: string;
  onChange: (value: string) => void;
};
