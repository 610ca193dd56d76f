import { makeStyles, tokens } from '@fluentui/react-components';
import { PiiViews } from './PiiViews';
import { RetentionPanel } from './RetentionPanel';

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL } });

/** /account?id=privacy (administrators): the record of full views, then retention (保存期限). */
export function PrivacyTab() {
  const s = useStyles();
  return (
    <div className={s.root}>
      <PiiViews />
      <RetentionPanel />
    </div>
  );
}
