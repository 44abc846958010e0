import { ScreenPlaceholder } from '../../../components/screen-placeholder';
import { useTranslation } from '../../../lib/i18n';

/**
 * Pusat Unduhan. The download centre lists the printable documents and Excel templates
 * (report cards, ledgers, import formats); they come with the printing features.
 */
export default function UnduhanPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder description={t('unduhan.empty')} />;
}
