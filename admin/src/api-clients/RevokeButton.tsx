import BlockIcon from '@mui/icons-material/Block';
import { Button, Confirm, useDelete, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useState } from 'react';
import type { ApiClient } from './types';

/**
 * 'Revocar' with its question first: the client keeps its record (its consumptions name it) but
 * gets no new tokens and its current ones stop at once, so the question says it cannot be undone.
 */
export const RevokeButton = ({ record }: { record: ApiClient }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [revoke, { isPending }] = useDelete<ApiClient>();
  if (record.revokedAt) return null;
  const confirm = () =>
    revoke(
      'api-clients',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('resources.api-clients.revoked', { type: 'success', messageArgs: { name: record.name } });
          refresh();
        },
        onError: () => {
          setOpen(false);
          notify('resources.api-clients.revoke_failed', { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button
        label="resources.api-clients.revoke"
        color="error"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="resources.api-clients.revoke_title"
        content={translate('resources.api-clients.revoke_question', { name: record.name, clientId: record.clientId })}
        confirm="resources.api-clients.revoke"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
