"""`python -m ezkit.compiled_templates`: remake the kept modules from templates/."""

import sys

from ezkit.compiled_templates import main

sys.exit(main())
