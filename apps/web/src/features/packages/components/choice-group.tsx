/** The packages modals' radio groups are the shared design-system one. */
export { ChoiceGroup, type ChoiceGroupProps } from '../../../shared/ui/choice-group';
