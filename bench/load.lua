-- wrk script shared by every target of `npm run bench`: the same request pattern and settings
-- for Klaxon, the bare Fastify route and Alertmanager; only the body format differs.
--   BENCH_MODE    new | repeat | resolve | mixed | scale (the fill of `--scale`, native only)
--   BENCH_FORMAT  native | alertmanager | events_v2 | am_batch | custom
--   BENCH_PATH    request path; BENCH_PREFIX makes keys unique per run;
--   BENCH_ROUTING_KEY (events_v2); BENCH_BATCH alerts per am_batch or custom request.
local mode = os.getenv("BENCH_MODE") or "new"
local format = os.getenv("BENCH_FORMAT") or "native"
local path = os.getenv("BENCH_PATH") or "/"
local prefix = os.getenv("BENCH_PREFIX") or "k"
local rkey = os.getenv("BENCH_ROUTING_KEY") or ""
local batch = tonumber(os.getenv("BENCH_BATCH") or "10")
local headers = { ["Content-Type"] = "application/json" }

-- scale: one of several services per key (BENCH_PATHS, comma-separated), realistic titles.
local paths = {}
for p in string.gmatch(os.getenv("BENCH_PATHS") or "", "[^,]+") do table.insert(paths, p) end
local TITLES = {
  "High CPU on web-%03d",
  "Disk usage above 90%% on db-%02d",
  "TLS certificate for api-%d.example.com expires in 7 days",
  "Pod checkout-%d is crash looping",
  "Latency p99 above 500 ms on gateway-%d",
  "Memory pressure on cache-%02d",
  "Replication lag above 30 s on pg-replica-%d",
  "5xx rate above 2%% on edge-%d",
  "Queue depth growing on worker-%d",
  "Heartbeat missing from cron-%d",
  "Dépassement de quota sur stockage-%d",
  "Überlast auf Knoten-%d: Antwortzeit erhöht",
  "Сервер недоступен: node-%d",
  "磁盘空间不足: host-%d",
  "Backup job failed on nas-%d",
}
local PRIORITY = { "critical", "high", "high", "high", "high", "high", "high", "high", "high", "medium",
                   "medium", "medium", "medium", "medium", "low", "low", "low", "low", "info", "info" }

local threads = {}
function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end

local counter = 0

local function body(action, key)
  if format == "native" then
    if action == "resolve" then
      return '{"action":"resolve","event_key":"' .. key .. '"}'
    end
    return '{"title":"Bench alert ' .. key .. '","event_key":"' .. key .. '","priority":"high","source":"bench","body":"CPU above 90% for 5 minutes on host ' .. key .. '"}'
  elseif format == "alertmanager" then
    -- API v2 postable alerts: a one-element array; a resolve carries an endsAt in the past.
    local times = ''
    if action == "resolve" then times = ',"startsAt":"2026-01-01T00:00:00Z","endsAt":"2026-01-01T00:01:00Z"' end
    return '[{"labels":{"alertname":"Bench alert ' .. key .. '","instance":"' .. key .. '","severity":"high","source":"bench"},"annotations":{"summary":"Bench alert ' .. key .. '","description":"CPU above 90% for 5 minutes on host ' .. key .. '"}' .. times .. '}]'
  elseif format == "events_v2" then
    if action == "resolve" then
      return '{"routing_key":"' .. rkey .. '","event_action":"resolve","dedup_key":"' .. key .. '"}'
    end
    return '{"routing_key":"' .. rkey .. '","event_action":"trigger","dedup_key":"' .. key .. '","payload":{"summary":"Bench alert ' .. key .. '","source":"bench","severity":"critical","custom_details":{"text":"CPU above 90% for 5 minutes"}}}'
  elseif format == "custom" then
    -- A made-up monitoring tool's batch of `batch` checks, for a custom (JSONata) source.
    local state = action == "resolve" and "ok" or "failing"
    local checks = {}
    for i = 1, batch do
      local k = key .. "-" .. i
      checks[i] = '{"id":"' .. k .. '","name":"Bench check ' .. k .. '","host":"host-' .. i .. '","level":"crit","state":"' .. state .. '","output":"CPU above 90% for 5 minutes","owner":{"team":"web"}}'
    end
    return '{"tool":"bench","region":"eu","checks":[' .. table.concat(checks, ",") .. ']}'
  else -- am_batch: Alertmanager webhook v4 with `batch` alerts
    local status = action == "resolve" and "resolved" or "firing"
    local ends = action == "resolve" and "2026-01-01T00:01:00Z" or "0001-01-01T00:00:00Z"
    local alerts = {}
    for i = 1, batch do
      local k = key .. "-" .. i
      alerts[i] = '{"status":"' .. status .. '","labels":{"alertname":"Bench","instance":"' .. k .. '","severity":"critical"},"annotations":{"summary":"Bench alert ' .. k .. '"},"startsAt":"2026-01-01T00:00:00Z","endsAt":"' .. ends .. '","generatorURL":"http://prometheus/graph","fingerprint":"' .. string.format("%016x", i) .. '"}'
    end
    return '{"version":"4","groupKey":"{}:{alertname=\\"Bench\\"}","truncatedAlerts":0,"status":"' .. status .. '","receiver":"klaxon","groupLabels":{"alertname":"Bench"},"commonLabels":{"alertname":"Bench"},"commonAnnotations":{},"externalURL":"http://alertmanager:9093","alerts":[' .. table.concat(alerts, ",") .. ']}'
  end
end

-- scale: per thread, in cycles of 20 requests: 10 new alerts, 9 resolves of alerts opened 5
-- cycles earlier (so about 5 % stay open, as on a real system most alerts end resolved), 1 repeat.
local function scale_request()
  local cycle = math.floor((counter - 1) / 20)
  local pos = (counter - 1) % 20
  local n
  local action = "trigger"
  if pos < 10 then
    n = cycle * 10 + pos
  elseif pos < 19 and cycle >= 5 then
    n = (cycle - 5) * 10 + (pos - 10)
    action = "resolve"
  else
    n = cycle * 10
  end
  local key = prefix .. "-" .. tid .. "-" .. n
  local p = paths[(n % #paths) + 1]
  if action == "resolve" then
    return wrk.format("POST", p, headers, '{"action":"resolve","event_key":"' .. key .. '"}')
  end
  local title = string.format(TITLES[(n % #TITLES) + 1], (n * 7919) % 500)
  return wrk.format("POST", p, headers, '{"title":"' .. title .. '","event_key":"' .. key .. '","priority":"' .. PRIORITY[(n % 20) + 1] ..
    '","source":"bench","body":"Seen by the scale bench on host ' .. ((n * 7919) % 500) .. '"}')
end

function request()
  counter = counter + 1
  if mode == "scale" then return scale_request() end
  local action = "trigger"
  local key
  if mode == "new" then
    key = prefix .. "-" .. tid .. "-" .. counter
  elseif mode == "repeat" then
    key = prefix .. "-repeat"
  elseif mode == "resolve" then
    -- trigger k, resolve k, trigger k+1, resolve k+1, ...
    key = prefix .. "-" .. tid .. "-" .. math.floor((counter + 1) / 2)
    if counter % 2 == 0 then action = "resolve" end
  else
    -- mixed: 50% new, 30% repeats on 20 hot keys, 20% trigger-then-resolve pairs
    local r = counter % 10
    if r < 5 then
      key = prefix .. "-" .. tid .. "-n" .. counter
    elseif r < 8 then
      key = prefix .. "-hot" .. (counter % 20)
    else
      key = prefix .. "-" .. tid .. "-p" .. math.floor(counter / 10)
      if r == 9 then action = "resolve" end
    end
  end
  return wrk.format("POST", path, headers, body(action, key))
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
