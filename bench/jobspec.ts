// A large, realistic jobspec for `npm run bench`: variables with types and
// validation, locals, functions, a dynamic block, services with checks,
// templates in heredocs, grown with more groups to the lines asked for.

/** HCL_BENCH_LINES is the size of the jobspec the HCL rows time. */
export const HCL_BENCH_LINES = 500;

/** HCL_WARM_GOAL_MS and HCL_FIRST_USE_GOAL_MS are the HCL rows' goals: parse and map, warm and on first use (loading included). */
export const HCL_WARM_GOAL_MS = 20;
export const HCL_FIRST_USE_GOAL_MS = 150;

const HEAD = `variable "datacenters" {
  type        = list(string)
  description = "Where the job may run."
  default     = ["dc1", "dc2"]
}

variable "image_tag" {
  type    = string
  default = "1.25"

  validation {
    condition     = var.image_tag != ""
    error_message = "The image tag must not be empty."
  }
}

variable "replicas" {
  type    = number
  default = 3
}

locals {
  image   = "nginx:\${var.image_tag}"
  regions = { east = "us-east-1", west = "us-west-2" }
  ports   = [for i in range(3) : "http\${i}"]
}

job "bench" {
  datacenters = var.datacenters
  type        = "service"
  priority    = 50

  meta = {
    owner   = "platform"
    version = upper(var.image_tag)
  }

  update {
    max_parallel     = 2
    min_healthy_time = "10s"
    healthy_deadline = "5m"
    auto_revert      = true
    canary           = 1
  }
`;

function group(i: number): string {
  return `
  group "web-${i}" {
    count = var.replicas + ${i % 3}

    network {
      dynamic "port" {
        for_each = local.ports
        labels   = [port.value]
        content {
          to = 8080 + port.key
        }
      }
    }

    service {
      name = "web-${i}"
      port = "http0"
      tags = [for k, v in local.regions : "\${k}=\${v}"]

      check {
        type     = "http"
        path     = "/health"
        interval = "10s"
        timeout  = "2s"
      }
    }

    restart {
      attempts = 3
      interval = "5m"
      delay    = "15s"
      mode     = "delay"
    }

    task "server" {
      driver = "docker"

      config {
        image = local.image
        ports = local.ports
        args  = ["--group", "${i}", "--node", "\${node.unique.name}"]
      }

      env {
        GROUP   = "${i}"
        REGION  = lookup(local.regions, "east", "none")
        ALLOC   = "\${NOMAD_ALLOC_INDEX}"
      }

      template {
        destination = "local/app.conf"
        data        = <<-EOT
          group = ${i}
          %{ for p in local.ports ~}
          listen {{ env "NOMAD_PORT_\${p}" }}
          %{ endfor ~}
          EOT
      }

      resources {
        cpu    = 100 * ${1 + (i % 4)}
        memory = 128 * 2
      }
    }
  }
`;
}

/** generateJobSpec writes a jobspec of about `lines` lines (at least the head and one group). */
export function generateJobSpec(lines = HCL_BENCH_LINES): string {
  let text = HEAD;
  for (let i = 0; text.split('\n').length < lines - 1; i++) text += group(i);
  return text + '}\n';
}
