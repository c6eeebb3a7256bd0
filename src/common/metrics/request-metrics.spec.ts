import { metricsRegistry } from './metrics-registry';
import { observeRequest, PAGE_FROM_MEMORY } from './request-metrics';

async function series(): Promise<string> {
  return metricsRegistry.getSingleMetricAsString('meterly_http_request_duration_seconds');
}

describe('observeRequest', () => {
  it('counts by route pattern, method and status class, and 5xx as errors', async () => {
    observeRequest('/api/spec/:id', 'GET', 200, 0.02);
    observeRequest('/api/spec/:id', 'GET', 204, 0.03);
    observeRequest('/api/spec/:id', 'POST', 503, 0.2);
    observeRequest(PAGE_FROM_MEMORY, 'HEAD', 200, 0.001);
    const text = await series();
    expect(text).toContain('meterly_http_request_duration_seconds_count{method="GET",route="/api/spec/:id",status_class="2xx"} 2');
    expect(text).toContain('meterly_http_request_duration_seconds_count{method="POST",route="/api/spec/:id",status_class="5xx"} 1');
    expect(text).toContain('meterly_http_request_duration_seconds_count{method="HEAD",route="page (from memory)",status_class="2xx"} 1');
    expect(await metricsRegistry.getSingleMetricAsString('meterly_http_server_errors_total')).toContain(
      'meterly_http_server_errors_total{method="POST",route="/api/spec/:id"} 1',
    );
  });

  it('folds unknown methods and odd statuses into bounded labels', async () => {
    observeRequest('/api/spec/odd', 'PROPFIND', 200, 0.01);
    observeRequest('/api/spec/odd', undefined, 0, 0.01);
    const text = await series();
    expect(text).toContain('meterly_http_request_duration_seconds_count{method="OTHER",route="/api/spec/odd",status_class="2xx"} 1');
    expect(text).toContain('meterly_http_request_duration_seconds_count{method="OTHER",route="/api/spec/odd",status_class="5xx"} 1');
  });
});
