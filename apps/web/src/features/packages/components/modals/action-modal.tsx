/** The packages' action modals use the shared one (proxy lists confirm with it too). */
export { ActionModal, type ActionModalProps } from '../../../../shared/ui/action-modal';
