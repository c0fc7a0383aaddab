"""Fight scenes: wounds, melee and ranged exchanges, healing, scenes (EZ-14..EZ-21)."""
