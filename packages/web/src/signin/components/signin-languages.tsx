import { LanguageMenu, languageName } from '../../shared/components/language-menu';
import { currentLanguage, useTranslation } from '../../shared/i18n/i18n';

interface Props {
  /** The languages offered (the organization's). */
  languages: readonly string[];
  /** The Languages item's "Label" rule: the current language's name beside the icon. */
  labelled: boolean;
}

/**
 * The sign-in page's Languages item, at its place among the items: the compact icon menu, or under
 * the "Label" rule a button naming the current language (Casdoor's labelled language select).
 */
export function SigninLanguages({ languages, labelled }: Props) {
  const { t } = useTranslation();
  const current = languageName(currentLanguage());
  return (
    <div className="login-languages gh-row gh-end" style={{ marginBottom: 8 }}>
      {labelled ? (
        // The visible name stays in the accessible name (label in name).
        <LanguageMenu languages={languages} label={t('signin.languageLabelled', { language: current })}>
          {current}
        </LanguageMenu>
      ) : (
        <LanguageMenu languages={languages} />
      )}
    </div>
  );
}
