export { Alert, AlertStack } from './alert';
export { showAlert, useAlertStore, type AlertType, type TransientAlert } from './alert-store';
export { Button, type ButtonProps } from './button';
export { CancelButton } from './cancel-button';
export { CardSection } from './card-section';
export { Checkbox } from './checkbox';
export { CopyField } from './copy-field';
export { CopyableCode } from './copyable-code';
export { FieldError } from './field-error';
export { CurrentPasswordInput, FormInput, NewPasswordFields, type FormBinding } from './form-input';
export {
  BackIcon,
  BellIcon,
  ChevronDownIcon,
  CloseIcon,
  ErrorIllustration,
  ExternalLinkIcon,
  LogoutIcon,
  MailIllustration,
  MenuIcon,
  TickBullet,
} from './icons';
export { IconButton } from './icon-button';
export { Input } from './input';
export { LanguageSwitch } from './language-switch';
export { Logo, LogoMark } from './logo';
export { ActionModal, type ActionModalProps } from './action-modal';
export { DownloadFormatModal, type DownloadFormatModalProps } from './download-format-modal';
export { Modal, SideModal, type ModalProps } from './modal';
export { ModalButton } from './modal-button';
export {
  OptionChecklist,
  OptionSelect,
  labelledOptions,
  type OptionChecklistProps,
  type OptionSelectProps,
  type PickerOption,
} from './option-picker';
export { Loader, Spinner } from './spinner';
export { PromoCodeFields } from './promo-code-fields';
export { QueryPage, QueryState, useQueryPageTexts } from './query-page';
export { OutgoingScreenContext, Redirect } from './redirect';
export { StatusLabel, type StatusTone } from './status-label';
export { SupportLink } from './support-link';
export { SearchParamTabs, Tabs, type TabItem } from './tabs';
export { Tooltip } from './tooltip';
export { useErrorAlert } from './use-error-alert';
