import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SUPPORTED_LANGUAGES, isSupportedLanguage, setLanguage } from '../i18n/i18n';
import { visuallyHidden } from '../ui/global-style';

const Wrap = styled.div`
  display: inline-flex;
  align-items: center;
  & > label {
    ${visuallyHidden}
  }
  & > select {
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid rgba(255, 255, 255, 0.6);
    border-radius: ${({ theme }) => theme.radius.sm};
    background: transparent;
    color: inherit;
    font: inherit;
  }
  & > select > option {
    color: ${({ theme }) => theme.color.text};
  }
  & > select:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.onPrimary};
    outline-offset: 2px;
  }
`;

/** The language switch (pt-BR / English): a labelled native select calling setLanguage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isSupportedLanguage(i18n.language) ? i18n.language : SUPPORTED_LANGUAGES[0];
  return (
    <Wrap>
      <label htmlFor={id}>{t('SHELL.LANGUAGE')}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isSupportedLanguage(next)) void setLanguage(next);
        }}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`SHELL.LANGUAGE_NAMES.${lng}`)}
          </option>
        ))}
      </select>
    </Wrap>
  );
}
