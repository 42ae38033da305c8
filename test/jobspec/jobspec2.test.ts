// jobspec2's own test cases (Nomad v1.1.0, jobspec2/parse_test.go),
// re-expressed: the same jobspecs, the same expectations.

import { describe, expect, it } from 'vitest';
import { parseAndDecode } from '../../src/jobspec/read.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the type of parsed JSON as tests read it
type Job = Record<string, any>;

function job(text: string, variables: Record<string, unknown> = {}): Job {
  const r = parseAndDecode(text, variables);
  if (!r.job) throw new Error(r.diagnostics.map((d) => `${d.line},${d.column}: ${d.message}`).join('\n'));
  return r.job;
}

function errors(text: string, variables: Record<string, unknown> = {}): string {
  const r = parseAndDecode(text, variables);
  expect(r.job).toBeNull();
  return r.diagnostics.map((d) => d.message).join('\n');
}

describe('TestParse_VarsAndFunctions', () => {
  it('evaluates a for expression and a variable set with -var', () => {
    const j = job(
      'variables {\n  region_var = "default"\n}\njob "example" {\n  datacenters = [for s in ["dc1", "dc2"] : upper(s)]\n  region      = var.region_var\n}\n',
      { region_var: 'aug' },
    );
    expect(j.Datacenters).toEqual(['DC1', 'DC2']);
    expect(j.Region).toBe('aug');
  });
});

describe('TestParse_VariablesDefaultsAndSet', () => {
  const hcl =
    'variables {\n  region_var = "default_region"\n}\n\nvariable "dc_var" {\n  default = "default_dc"\n}\n\njob "example" {\n  datacenters = [var.dc_var]\n  region      = var.region_var\n}\n';

  it('takes the defaults', () => {
    const j = job(hcl);
    expect(j.Datacenters).toEqual(['default_dc']);
    expect(j.Region).toBe('default_region');
  });

  it('takes values set as -var arguments', () => {
    const j = job(hcl, { dc_var: 'set_dc', region_var: 'set_region' });
    expect(j.Datacenters).toEqual(['set_dc']);
    expect(j.Region).toBe('set_region');
  });
});

describe('TestParse_UnknownVariables', () => {
  it('keeps a reference to an unknown variable as it is written', () => {
    const j = job(
      'variables {\n  region_var = "default"\n}\njob "example" {\n  datacenters = [for s in ["dc1", "dc2"] : upper(s)]\n  region      = var.region_var\n  meta {\n    known_var   = "${var.region_var}"\n    unknown_var = "${UNKNOWN}"\n  }\n}\n',
      { region_var: 'aug' },
    );
    expect(j.Meta).toEqual({ known_var: 'aug', unknown_var: '${UNKNOWN}' });
  });
});

describe('TestParse_UnsetVariables', () => {
  it('refuses a variable with neither a type nor a value', () => {
    expect(
      errors(
        'variable "region_var" {}\njob "example" {\n  datacenters = [for s in ["dc1", "dc2"] : upper(s)]\n  region      = var.region_var\n}\n',
      ),
    ).toContain('Unset variable');
  });
});

describe('TestParse_Locals', () => {
  const hcl =
    'variables {\n  region_var = "default_region"\n}\n\nlocals {\n  # literal local\n  dc = "local_dc"\n  # local that depends on a variable\n  region = "${var.region_var}.example"\n}\n\njob "example" {\n  datacenters = [local.dc]\n  region      = local.region\n}\n';

  it('evaluates locals with the defaults and with -var values', () => {
    expect(job(hcl)).toMatchObject({ Datacenters: ['local_dc'], Region: 'default_region.example' });
    expect(job(hcl, { region_var: 'set_region' })).toMatchObject({
      Datacenters: ['local_dc'],
      Region: 'set_region.example',
    });
  });
});

describe('TestParse_FileOperators', () => {
  it('refuses file functions, as Nomad does where they are disabled', () => {
    expect(errors('job "example" {\n  region      = file("parse_test.go")\n}\n')).toContain(
      'filesystem functions are not available',
    );
  });
});

describe('TestParseDynamic', () => {
  it('generates groups from a dynamic block, interpolating inside maps', () => {
    const j = job(`job "example" {

  dynamic "group" {
    for_each = [
      { name = "groupA", idx = 1 },
      { name = "groupB", idx = 2 },
      { name = "groupC", idx = 3 },
    ]
    labels   = [group.value.name]

    content {
      count = group.value.idx

      service {
        port = group.value.name
      }

      task "simple" {
        driver  = "raw_exec"
        config {
          command = group.value.name
        }
        meta {
          VERSION = group.value.idx
        }
        env {
          ID = format("id:%s", group.value.idx)
        }
        resources {
          cpu = group.value.idx
        }
      }
    }
  }
}
`);
    const groups = j.TaskGroups as Job[];
    expect(groups.map((g) => g.Name)).toEqual(['groupA', 'groupB', 'groupC']);
    expect(groups[0]?.Tasks[0].Resources.CPU).toBe(1);
    expect(groups[0]?.Services[0].PortLabel).toBe('groupA');
    expect(groups[0]?.Tasks[0].Config.command).toBe('groupA');
    expect(groups[0]?.Tasks[0].Meta.VERSION).toBe('1');
    expect(groups[0]?.Tasks[0].Env.ID).toBe('id:1');
    expect(groups[1]?.Tasks[0].Env.ID).toBe('id:2');
    expect(groups[2]?.Tasks[0].Meta.VERSION).toBe('3');
  });
});

describe('TestParse_InvalidScalingSyntax', () => {
  const hcl = (groupScaling: string, taskScaling: string) =>
    `job "example" {\n  group "g1" {\n    scaling {\n${groupScaling}\n    }\n\n    task "t1" {\n${taskScaling}\n    }\n  }\n}\n`;
  const valid = '      scaling "cpu" {\n        max = 20\n      }\n      scaling "mem" {\n        max = 15\n      }';

  it('accepts a horizontal group policy and cpu and mem task policies', () => {
    const j = job(hcl('      max  = 40\n      type = "horizontal"', valid));
    expect(j.TaskGroups[0].Scaling).toEqual({ Max: 40, Type: 'horizontal' });
    expect(j.TaskGroups[0].Tasks[0].ScalingPolicies).toEqual([
      { Max: 20, Type: 'vertical_cpu' },
      { Max: 15, Type: 'vertical_mem' },
    ]);
  });

  it('refuses what jobspec2 refuses', () => {
    expect(errors(hcl('      #max  = 40\n      type = "horizontal"', valid))).toContain('argument "max" is required');
    expect(errors(hcl('      max  = 40\n      type = "invalid_type"', valid))).toContain(
      'task group scaling policy had invalid type',
    );
    expect(
      errors(
        hcl(
          '      max  = 40',
          '      scaling "not_cpu" {\n        max = 20\n      }\n      scaling "mem" {\n        max = 15\n      }',
        ),
      ),
    ).toContain('scaling policy name must be "cpu" or "mem"');
    expect(
      errors(
        hcl(
          '      max  = 40',
          '      scaling "cpu" {\n        max = 20\n      }\n      scaling "cpu" {\n        max = 15\n      }',
        ),
      ),
    ).toContain('Duplicate scaling "cpu" block');
    expect(
      errors(hcl('      max  = 40', '      scaling "cpu" {\n        max  = 20\n        type = "invalid"\n      }')),
    ).toContain('Invalid scaling policy type');
  });
});

describe('TestParseJob_JobWithFunctionsAndLookups', () => {
  const hcl = `
variable "env" {
  description = "target environment for the job"
}

locals {
  environments = {
    prod    = { count = 20, dcs = ["prod-dc1", "prod-dc2"] },
    staging = { count = 3, dcs = ["dc1"] },
  }

  env = lookup(local.environments, var.env, { count = 0, dcs = [] })
}

job "job-webserver" {
  datacenters = local.env.dcs
  group "group-webserver" {
    count = local.env.count

    task "server" {
      driver = "docker"

      config {
        image = "hashicorp/http-echo"
        args  = ["-text", "Hello from \${var.env}"]
      }
    }
  }
}
`;
  const expected = (env: string, dcs: string[], count: number) => ({
    ID: 'job-webserver',
    Name: 'job-webserver',
    Datacenters: dcs,
    TaskGroups: [
      {
        Name: 'group-webserver',
        Count: count,
        Tasks: [
          {
            Name: 'server',
            Driver: 'docker',
            Config: { image: 'hashicorp/http-echo', args: ['-text', `Hello from ${env}`] },
          },
        ],
      },
    ],
  });

  it.each([
    ['prod', ['prod-dc1', 'prod-dc2'], 20],
    ['staging', ['dc1'], 3],
    ['unknown', [], 0],
  ])('reads the job for env=%s', (env, dcs, count) => {
    expect(job(hcl, { env })).toEqual(expected(env, dcs, count));
  });
});

describe('TestParse_TaskEnvs', () => {
  const hcl = (snippet: string) => `
job "example" {
  group "group" {
    task "task" {
      driver = "docker"
      config {}

      ${snippet}
    }
  }
}`;

  it.each([
    ['none', '', undefined],
    ['block', 'env {\n  key = "value"\n} ', { key: 'value' }],
    [
      'attribute',
      'env = {\n  "key.dot"                = "val1"\n  key_unquoted_without_dot = "val2"\n} ',
      { 'key.dot': 'val1', key_unquoted_without_dot: 'val2' },
    ],
    [
      'attribute_colons',
      'env = {\n  "key.dot" : "val1"\n  key_unquoted_without_dot : "val2"\n} ',
      { 'key.dot': 'val1', key_unquoted_without_dot: 'val2' },
    ],
    ['attribute_empty', 'env = {}', {}],
    ['attribute_expression', 'env = {for k in ["a", "b"]: k => "val-${k}" }', { a: 'val-a', b: 'val-b' }],
  ])('reads env given as %s', (_name, snippet, expected) => {
    expect(job(hcl(snippet)).TaskGroups[0].Tasks[0].Env).toEqual(expected);
  });

  it('refuses env given both ways', () => {
    expect(errors(hcl('env = {"a": "b"}\n      env {\n        c = "d"\n      }'))).toContain('Duplicate env block');
  });

  it.each([
    [
      'attr: invalid expression',
      'env = { key = local.undefined_local }',
      'does not have an attribute named "undefined_local"',
    ],
    ['block: invalid block expression', 'env {\n  for k in ["a", "b"]: k => k\n}', 'Invalid block definition'],
    ['attr: not make sense', 'env = [ "a" ]', 'Unsuitable value: map of string required'],
  ])('refuses %s', (_name, snippet, message) => {
    expect(errors(hcl(snippet))).toContain(message);
  });
});

describe('TestParse_Meta_Alternatives', () => {
  it('reads meta as blocks and as arguments alike', () => {
    const hcl =
      ' job "example" {\n  group "group" {\n    task "task" {\n      driver = "config"\n      config {}\n\n      meta {\n        source = "task"\n      }\n    }\n\n    meta {\n      source = "group"\n\n    }\n  }\n\n  meta {\n    source = "job"\n  }\n}\n';
    const asBlock = job(hcl);
    const asAttr = job(hcl.replaceAll('meta {', 'meta = {'));
    expect(asAttr).toEqual(asBlock);
    expect(asBlock.Meta).toEqual({ source: 'job' });
    expect(asBlock.TaskGroups[0].Meta).toEqual({ source: 'group' });
    expect(asBlock.TaskGroups[0].Tasks[0].Meta).toEqual({ source: 'task' });
  });
});

describe('TestParse_UndefinedVariables', () => {
  it.each([
    'plain',
    'foo-${BAR}',
    'foo-${attr.network.dev-us-east1-relay-vpc.external-ip.0}',
    '${env["BLAH"]}',
    '${mixed-indexing.0[3]["FOO"].5}',
    'with spaces ${   root.  field[  "FOO"].5  }',
  ])('keeps %s as written', (c) => {
    expect(job(`job "example" {\n  region = "${c}"\n}`).Region).toBe(c);
  });

  it('wraps an unquoted reference in an interpolation', () => {
    expect(job('job "example" {\n  region = meta.mytest\n}').Region).toBe('${meta.mytest}');
  });
});

describe('TestParseServiceCheck', () => {
  it('reads a group service with a check', () => {
    const j = job(
      ' job "group_service_check_script" {\n  group "group" {\n    service {\n      name = "foo-service"\n      port = "http"\n      check {\n        name   = "check-name"\n        type   = "http"\n        method = "POST"\n        body   = "{\\"check\\":\\"mem\\"}"\n      }\n    }\n  }\n}\n',
    );
    expect(j).toEqual({
      ID: 'group_service_check_script',
      Name: 'group_service_check_script',
      TaskGroups: [
        {
          Name: 'group',
          Services: [
            {
              Name: 'foo-service',
              PortLabel: 'http',
              Checks: [{ Name: 'check-name', Type: 'http', Method: 'POST', Body: '{"check":"mem"}' }],
            },
          ],
        },
      ],
    });
  });
});
