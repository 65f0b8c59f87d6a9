/** The packages modals' frame is the shared action modal. */
export { ActionModal, type ActionModalProps } from '../../../../shared/ui/action-modal';
