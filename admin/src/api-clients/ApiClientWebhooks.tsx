import { Box, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { ListButton, Loading, ShowBase, TopToolbar, useShowContext, useTranslate } from 'react-admin';
import { api } from '../api';
import { LoadFailure } from '../components/LoadFailure';
import { useNarrow } from '../components/useNarrow';
import { unwrap } from '../httpErrors';
import { ClientState } from './ClientState';
import type { ApiClient, WebhookDelivery, WebhookSubscription } from './types';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';
import { WebhookSubscriptions } from './WebhookSubscriptions';

const PAGE = 50;

interface Loaded {
  subscriptions: WebhookSubscription[];
  deliveries: WebhookDelivery[];
  total: number;
}

/** The total of Content-Range (`webhook-deliveries 0-49/120`). */
const totalOf = (response: Response) => Number(response.headers.get('Content-Range')?.split('/')[1] ?? 0);

const WebhooksView = () => {
  const translate = useTranslate();
  const { record: client, isPending, error, refetch } = useShowContext<ApiClient>();
  const [measured, narrow] = useNarrow<HTMLDivElement>(900);
  const [loaded, setLoaded] = useState<Loaded>();
  const [failed, setFailed] = useState(false);
  const id = client?.id;

  const load = useCallback(async () => {
    if (!id) return;
    setFailed(false);
    try {
      const [subscriptions, log] = await Promise.all([
        unwrap(api.GET('/api/v1/api-clients/{id}/webhooks', { params: { path: { id } } })),
        // `range` and `filter` are JSON in the query (ra-data-simple-rest), not exploded.
        api.GET('/api/v1/webhook-deliveries', {
          querySerializer: () => `range=${encodeURIComponent(JSON.stringify([0, PAGE - 1]))}&filter=${encodeURIComponent(JSON.stringify({ apiClientId: id }))}`,
        }),
      ]);
      setLoaded({ subscriptions, deliveries: await unwrap(Promise.resolve(log)), total: totalOf(log.response) });
    } catch {
      setFailed(true);
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  if (isPending) return <Loading />;
  if (error || !client) return <LoadFailure onRetry={() => void refetch()} />;
  return (
    <Stack ref={measured} spacing={2} sx={{ mt: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {translate('resources.api-clients.webhooks.title', { name: client.name })}
        </Typography>
        <ClientState record={client} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.api-clients.webhooks.intro', { appName: client.appName })}
      </Typography>
      {failed ? (
        <LoadFailure onRetry={() => void load()} />
      ) : !loaded ? (
        <Loading />
      ) : (
        <>
          <WebhookSubscriptions client={client} subscriptions={loaded.subscriptions} onChange={() => void load()} />
          <WebhookDeliveryLog deliveries={loaded.deliveries} total={loaded.total} narrow={narrow} onRefresh={() => void load()} />
        </>
      )}
    </Stack>
  );
};

/** An API client's webhooks (superadmin): its subscriptions and the delivery log of its events. */
const ApiClientWebhooks = () => (
  <ShowBase>
    <Box sx={{ maxWidth: 1280, minWidth: 0 }}>
      <TopToolbar sx={{ justifyContent: 'flex-start' }}>
        <ListButton label="resources.api-clients.webhooks.back" />
      </TopToolbar>
      <WebhooksView />
    </Box>
  </ShowBase>
);

export default ApiClientWebhooks;
