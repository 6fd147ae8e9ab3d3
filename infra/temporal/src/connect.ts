import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import type { TemporalConnectionConfig } from './connection-config.js';

function connectionOptions(config: TemporalConnectionConfig) {
  return {
    address: config.address,
    ...(config.tls ? { tls: config.tls } : {}),
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  };
}

/** A client for starting and reading runs, from the resolved Temporal settings. */
export async function connectClient(config: TemporalConnectionConfig): Promise<Client> {
  const connection = await Connection.connect({ ...connectionOptions(config), connectTimeout: 5_000 });
  return new Client({ connection, namespace: config.namespace });
}

/** A worker connection, from the resolved Temporal settings. */
export function connectWorker(config: TemporalConnectionConfig): Promise<NativeConnection> {
  return NativeConnection.connect(connectionOptions(config));
}

/** The run's page in the Temporal Web UI, when the UI address is known. */
export function workflowUiUrl(config: TemporalConnectionConfig, workflowId: string): string | undefined {
  if (!config.uiUrl) return undefined;
  return `${config.uiUrl}/namespaces/${encodeURIComponent(config.namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
