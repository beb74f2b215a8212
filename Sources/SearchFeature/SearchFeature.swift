// SearchFeature: placeholder until its issue lands.
