import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { dialogs, openVip } from '../../shared/dialogs/store';
import { t } from '../../shared/i18n/zh-CN';
import { sizes } from '../../shared/theme';

const useStyles = makeStyles({
  surface: { maxWidth: sizes.promptDialog },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { color: tokens.colorPaletteMarigoldForeground1, fontSize: tokens.fontSizeBase600 },
});

/** The role prompts of SPEC §6, read from `dialogs.gate`. */
export default function GateDialog() {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { gate } = useSnapshot(dialogs);
  // keep the last prompt's words while the dialog animates out
  const [shown, setShown] = useState(gate);
  if (gate && gate !== shown) setShown(gate);
  const close = () => (dialogs.gate = null);
  const goTo = (path: string) => () => {
    close();
    navigate(path);
  };

  return (
    <Dialog open={gate !== null} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface className={s.surface} data-testid="gate-dialog">
        <DialogBody>
          <DialogTitle className={s.title}>
            <InfoRegular className={s.icon} aria-hidden />
            {t.gate.title}
          </DialogTitle>
          <DialogContent>{shown && t.gate[shown]}</DialogContent>
          <DialogActions>
            {shown === 'nonMember' ? (
              <>
                <Button appearance="secondary" onClick={close}>
                  {t.gate.notNow}
                </Button>
                <Button appearance="primary" onClick={openVip}>
                  {t.gate.openMember}
                </Button>
              </>
            ) : (
              <>
                <Button appearance="secondary" onClick={close}>
                  {t.gate.cancel}
                </Button>
                <Button appearance="primary" onClick={goTo(shown === 'inReview' ? '/inReview' : '/create')}>
                  {t.gate.confirm}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
