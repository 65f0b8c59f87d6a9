import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui';
import { GeneratedLines } from './generated-lines';
import { GeneratorForm } from './generator-form';
import '../generator.css';

export type GeneratorModalProps = { packageId: number; onClose: () => void };

/**
 * The proxy generator over the packages list (spec section 2: the dynamic, premium and
 * unlimited panels' generator): the form, then the lines it made.
 */
export const GeneratorModal = ({ packageId, onClose }: GeneratorModalProps) => {
  const { t } = useTranslation('packages');
  const [lines, setLines] = useState<string[] | null>(null);
  return (
    <Modal isOpen onClose={onClose} title={t('generator.title', { id: packageId })}>
      <div className="stack">
        <GeneratorForm packageId={packageId} onGenerated={setLines} />
        {lines && <GeneratedLines lines={lines} packageId={packageId} />}
      </div>
    </Modal>
  );
};
